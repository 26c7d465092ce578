import { afterEach, onTestFinished, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { PageContent } from '../../shared/content/page-copy.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { serveChallenges, serveContent, serveWaitlist } from '../../../../test/web/network.ts'
import { server } from '../../../../test/web/msw-server.ts'
import { prerenderApp, renderApp } from '../../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})
afterEach(() => {
  vi.restoreAllMocks()
})

function renderLanding(path = '/en') {
  serveContent(seed)
  return renderApp({ path, initialContent: seed })
}

const form = () => within(screen.getByRole('region', { name: 'Try Pulso free for 14 days' }))
const nameField = () => form().getByLabelText('Name')
const roleField = () => form().getByLabelText('Role')
const emailField = () => form().getByLabelText('Work email')
const submitButton = () => form().getByRole('button', { name: 'Request free trial' })

/** What every insert says of the page it came from (jsdom's User-Agent is a desktop's). */
const thisPage = { signup_locale: 'en', signup_device: 'desktop' }

type User = ReturnType<typeof renderApp>['user']
type Fields = Partial<Record<'name' | 'role' | 'email', string>>

async function fillIn(user: User, { name = '', role = '', email = '' }: Fields) {
  if (name) await user.type(nameField(), name)
  if (role) await user.type(roleField(), role)
  if (email) await user.type(emailField(), email)
}

function deferred() {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { release, released }
}

describe('the waitlist form', () => {
  it('labels its three fields, with an email field for the email', () => {
    renderLanding()
    expect(form().getByRole('textbox', { name: 'Name' })).toHaveAttribute('type', 'text')
    expect(form().getByRole('textbox', { name: 'Role' })).toHaveAttribute('type', 'text')
    expect(form().getByRole('textbox', { name: 'Work email' })).toHaveAttribute('type', 'email')
    expect(submitButton()).toBeEnabled()
  })

  it('is prerendered with its button disabled: nothing can be sent before the page has its script', () => {
    const prerendered = document.createElement('div')
    prerendered.innerHTML = prerenderApp({ path: '/en', initialContent: seed })
    document.body.append(prerendered)
    try {
      expect(within(prerendered).getByRole('button', { name: 'Request free trial' })).toBeDisabled()
    } finally {
      prerendered.remove()
    }
  })

  it.each<[string, Fields]>([
    ['the name', { role: 'HR Manager', email: 'ana@example.com' }],
    ['the role', { name: 'Ana Souza', email: 'ana@example.com' }],
    ['the email', { name: 'Ana Souza', role: 'HR Manager' }],
    ['everything', {}],
  ])('sends nothing and says nothing when %s is missing', async (_, fields) => {
    const calls = serveWaitlist()
    const { user } = renderLanding()
    await fillIn(user, fields)
    await user.click(submitButton())
    await user.keyboard('{Enter}')

    // An ignored submit returns before any request starts; the exact calls below prove none was queued.
    expect(calls).toEqual([])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(submitButton()).toBeEnabled()
    // What was typed stays.
    expect(nameField()).toHaveValue(fields.name ?? '')
    expect(emailField()).toHaveValue(fields.email ?? '')

    // Completing the form sends exactly one sign-up: nothing was queued by the ignored submits.
    const complete = { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' }
    await fillIn(user, {
      name: fields.name ? '' : complete.name,
      role: fields.role ? '' : complete.role,
      email: fields.email ? '' : complete.email,
    })
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Successful!')
    expect(calls.map(({ endpoint, body }) => ({ endpoint, body }))).toEqual([
      { endpoint: 'insert', body: { email: complete.email, role: complete.role, company_size: 'unknown', ...thisPage } },
      { endpoint: 'welcome', body: { ...complete, lang: 'en', consentVersion: '2026-11-29' } },
    ])
  })

  it('treats a field of blanks as missing', async () => {
    const calls = serveWaitlist()
    const { user } = renderLanding()
    await fillIn(user, { name: '   ', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())
    expect(calls).toEqual([])
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    // With a name, the one sign-up sent is this one: the blank submit queued nothing.
    await user.type(nameField(), 'Ana Souza')
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Successful!')
    expect(calls.map(({ endpoint, body }) => ({ endpoint, body }))).toEqual([
      { endpoint: 'insert', body: { email: 'ana@example.com', role: 'HR Manager', company_size: 'unknown', ...thisPage } },
      {
        endpoint: 'welcome',
        body: { name: 'Ana Souza', email: 'ana@example.com', role: 'HR Manager', lang: 'en', consentVersion: '2026-11-29' },
      },
    ])
  })

  it('adds the visitor to the waitlist, then asks for the welcome email, clears the form and says so', async () => {
    const calls = serveWaitlist()
    const { user } = renderLanding()
    await fillIn(user, { name: ' Ana Souza ', role: 'HR Manager', email: 'ana@example.com ' })
    await user.click(submitButton())

    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Registration Successful!')
    expect(toast).toHaveTextContent('Check your email for the next steps.')
    expect(toast).toHaveClass('Toastify__toast--success')

    expect(calls.map(({ endpoint, body }) => ({ endpoint, body }))).toEqual([
      { endpoint: 'insert', body: { email: 'ana@example.com', role: 'HR Manager', company_size: 'unknown', ...thisPage } },
      {
        endpoint: 'welcome',
        body: { name: 'Ana Souza', email: 'ana@example.com', role: 'HR Manager', lang: 'en', consentVersion: '2026-11-29' },
      },
    ])
    // Both calls carry the public anon key of the configured project.
    for (const { headers } of calls) expect(headers.get('apikey')).toBe('local-anon-key')

    expect(nameField()).toHaveValue('')
    expect(roleField()).toHaveValue('')
    expect(emailField()).toHaveValue('')
  })

  it('sends the page language with the sign-up', async () => {
    const calls = serveWaitlist()
    const { user } = renderLanding('/')
    const pt = within(screen.getByRole('region', { name: 'Teste o Pulso grátis por 14 dias' }))
    await user.type(pt.getByLabelText('Nome'), 'Ana Souza')
    await user.type(pt.getByLabelText('Cargo'), 'Gerente de RH')
    await user.type(pt.getByLabelText('E-mail corporativo'), 'ana@example.com.br')
    await user.click(pt.getByRole('button', { name: 'Solicitar teste grátis' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('Cadastro realizado!')
    expect(calls.at(-1)?.body).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com.br',
      role: 'Gerente de RH',
      lang: 'pt',
      consentVersion: '2026-11-29',
    })
  })

  it.each([
    ['/en', 'Try Pulso free for 14 days', /^We keep your email, role and name only/, 'Privacy note', '/en/privacy'],
    ['/', 'Teste o Pulso grátis por 14 dias', /^Guardamos seu e-mail, cargo e nome só/, 'Aviso de privacidade', '/privacidade'],
  ])(
    'says beside the button (%s) what is stored and why, linking the privacy note in the page’s language',
    (path, region, notice, linkText, href) => {
      renderLanding(path)
      const section = within(screen.getByRole('region', { name: region }))
      const link = section.getByRole('link', { name: linkText })
      expect(link).toHaveAttribute('href', href)
      expect(link.parentElement?.textContent).toMatch(notice)
      expect(section.getByRole('button')).toHaveAccessibleDescription(expect.stringMatching(notice))
    },
  )

  it('sends the version of the code’s own notice when the content has none, with the code’s words', async () => {
    const calls = serveWaitlist()
    serveContent({ ...seed, privacyNote: null })
    const { user } = renderApp({ path: '/en', initialContent: { ...seed, privacyNote: null } })
    expect(form().getByRole('link', { name: 'Privacy note' }).parentElement).toHaveTextContent(
      'We keep your email, role and name only to give you trial access',
    )
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Successful!')
    expect(calls.at(-1)?.body).toMatchObject({ consentVersion: 'code-2026-11-29' })
  })

  it('disables the button and says it is processing until the sign-up is done', async () => {
    const welcome = deferred()
    const calls = serveWaitlist({
      welcome: async () => {
        await welcome.released
        return HttpResponse.json({ ok: true })
      },
    })
    const { user } = renderLanding()
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())

    const busy = await form().findByRole('button', { name: 'Processing...' })
    expect(busy).toBeDisabled()
    await waitFor(() => expect(calls.map((call) => call.endpoint)).toEqual(['insert', 'welcome']))

    // Neither a click nor Enter sends it twice.
    await user.click(busy)
    await user.type(emailField(), '{Enter}')
    expect(calls).toHaveLength(2)

    welcome.release()
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Successful!')
    expect(submitButton()).toBeEnabled()
    expect(form().queryByRole('button', { name: 'Processing...' })).not.toBeInTheDocument()
    expect(calls).toHaveLength(2)
  })

  it('only logs a failed insert (already on the list) and still sends the welcome and reports success', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = serveWaitlist({
      insert: () =>
        HttpResponse.json(
          {
            code: '23505',
            message: 'duplicate key value violates unique constraint "waitlist_email_key"',
            details: 'Key (email)=(ana@example.com) already exists.',
            hint: null,
          },
          { status: 409 },
        ),
    })
    const { user } = renderLanding()
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())

    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Registration Successful!')
    expect(toast).toHaveClass('Toastify__toast--success')
    expect(calls.map((call) => call.endpoint)).toEqual(['insert', 'welcome'])
    expect(error).toHaveBeenCalledWith(expect.stringContaining('insert failed'), expect.objectContaining({ code: '23505' }))
    expect(nameField()).toHaveValue('')
  })

  it.each([
    ['answers 500', () => HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 })],
    ['cannot be reached', () => HttpResponse.error()],
  ])('reports a failure and keeps what was typed when the welcome function %s', async (_, welcome) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = serveWaitlist({ welcome })
    const { user } = renderLanding()
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())

    const toast = await screen.findByRole('alert')
    expect(toast).toHaveTextContent('Registration Failed')
    expect(toast).toHaveTextContent('There was an error processing your request. Please try again.')
    expect(toast).toHaveClass('Toastify__toast--error')
    expect(calls.map((call) => call.endpoint)).toEqual(['insert', 'welcome'])
    expect(error).toHaveBeenCalledWith(expect.stringContaining('sign-up failed'), expect.anything())

    expect(nameField()).toHaveValue('Ana Souza')
    expect(roleField()).toHaveValue('HR Manager')
    expect(emailField()).toHaveValue('ana@example.com')
    expect(submitButton()).toBeEnabled()
  })
})

describe('the waitlist form with the proof of work on', () => {
  it('solves a challenge while the visitor types and sends the solution with the welcome, and only there', async () => {
    const challenges = serveChallenges()
    const calls = serveWaitlist()
    serveContent(seed)
    const { user } = renderApp({ path: '/en', initialContent: seed, captcha: true })
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())

    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('Registration Successful!')
    expect(challenges.served).toHaveLength(1)
    const [insert, welcome] = calls
    expect(insert?.body).toEqual({ email: 'ana@example.com', role: 'HR Manager', company_size: 'unknown', ...thisPage })
    const { altcha, ...fields } = welcome?.body as { altcha: string }
    expect(fields).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      role: 'HR Manager',
      lang: 'en',
      consentVersion: '2026-11-29',
    })
    expect(await challenges.verify(altcha)).toBe(true)
  })

  it('solves anew for the next sign-up: a solution counts once', async () => {
    const challenges = serveChallenges()
    const calls = serveWaitlist()
    serveContent(seed)
    const { user } = renderApp({ path: '/en', initialContent: seed, captcha: true })
    for (const email of ['ana@example.com', 'bia@example.com']) {
      await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email })
      await user.click(submitButton())
      // The form clears once the sign-up is done; the solving, in a worker thread, can take seconds.
      await waitFor(() => expect(emailField()).toHaveValue(''), { timeout: 15_000 })
    }
    const solutions = calls.filter((call) => call.endpoint === 'welcome').map((call) => (call.body as { altcha: string }).altcha)
    expect(new Set(solutions).size).toBe(2)
    expect(challenges.served).toHaveLength(2)
  })

  it('solves again when the solution is about to expire (a form left open), and sends the fresh one', async () => {
    const challenges = serveChallenges(20_000)
    const calls = serveWaitlist()
    serveContent(seed)
    const { user } = renderApp({ path: '/en', initialContent: seed, captcha: true })
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())

    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('Registration Successful!')
    expect(challenges.served).toHaveLength(2)
    const { altcha } = calls[1]?.body as { altcha: string }
    const sent = JSON.parse(atob(altcha)) as { challenge: { parameters: { nonce: string } } }
    expect(sent.challenge.parameters.nonce).toBe(challenges.served[1]?.parameters.nonce)
    expect(await challenges.verify(altcha)).toBe(true)
  })

  it('shows the usual error when no challenge can be had, and sends the welcome without a solution', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('*/functions/v1/send-welcome-email', () => HttpResponse.json({ error: 'down' }, { status: 503 })))
    const calls = serveWaitlist({
      welcome: () => HttpResponse.json({ error: 'proof_of_work_required' }, { status: 400 }),
    })
    serveContent(seed)
    const { user } = renderApp({ path: '/en', initialContent: seed, captcha: true })
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Failed')
    expect(calls.map((call) => call.endpoint)).toEqual(['insert', 'welcome'])
    expect(calls[1]?.body).not.toHaveProperty('altcha')
  })
})

describe('the address the form sends', () => {
  // The browser's own check of an email field lets only plain addresses through; what it lets
  // through in another spelling (upper-case domain) is sent in the canonical one.
  it.each([
    ['Ana@Example.COM', 'Ana@example.com'],
    ['ana.souza+trial@EMPRESA.com.br', 'ana.souza+trial@empresa.com.br'],
  ])('sends %j as %j in both calls', async (typed, sent) => {
    const calls = serveWaitlist()
    const { user } = renderLanding()
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: typed })
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Successful!')
    expect(calls.map(({ body }) => (body as { email: string }).email)).toEqual([sent, sent])
  })

  it('sends an address the rule refuses as typed, and the visitor sees the usual failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const calls = serveWaitlist({ welcome: () => HttpResponse.json({ error: 'invalid_request' }, { status: 400 }) })
    const { user } = renderLanding()
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@empresa' })
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Failed')
    expect(calls.map(({ body }) => (body as { email: string }).email)).toEqual(['ana@empresa', 'ana@empresa'])
  })
})

describe('where the sign-up says it came from', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'referrer')
    Reflect.deleteProperty(navigator, 'globalPrivacyControl')
  })

  async function signUpFrom(path: string) {
    const calls = serveWaitlist()
    serveContent(seed)
    const { user } = renderApp({ path, initialContent: seed })
    await fillIn(user, { name: 'Ana Souza', role: 'HR Manager', email: 'ana@example.com' })
    await user.click(submitButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Successful!')
    return calls.find(({ endpoint }) => endpoint === 'insert')?.body
  }

  it('sends the campaign of the page address, the referring site’s host, the language and the device class', async () => {
    Object.defineProperty(document, 'referrer', { configurable: true, get: () => 'https://www.linkedin.com/feed/?trk=x' })
    const body = await signUpFrom('/en?utm_source=newsletter&utm_medium=email&utm_campaign=launch%20day&ref=partner')
    expect(body).toEqual({
      email: 'ana@example.com',
      role: 'HR Manager',
      company_size: 'unknown',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'launch day',
      ref: 'partner',
      referrer_host: 'linkedin.com',
      signup_locale: 'en',
      signup_device: 'desktop',
    })
  })

  it('says nothing of the copy experiments the page shows: the database finds the arms from the request', async () => {
    const embedded = Object.assign(document.createElement('script'), {
      id: 'public-config',
      type: 'application/json',
      textContent: JSON.stringify({ variants: ['experiment-1a2b:b', 'experiment-3c4d:default'] }),
    })
    document.head.append(embedded)
    onTestFinished(() => embedded.remove())
    const body = await signUpFrom('/en')
    expect(body).toMatchObject({ signup_locale: 'en' })
    expect(body).not.toHaveProperty('experiment_arms')
  })

  it('sends nothing about the visit from a browser with Global Privacy Control', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, get: () => true })
    const body = await signUpFrom('/en?utm_source=newsletter')
    expect(body).toEqual({ email: 'ana@example.com', role: 'HR Manager', company_size: 'unknown' })
  })
})
