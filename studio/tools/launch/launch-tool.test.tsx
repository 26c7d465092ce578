import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { studioTheme, ThemeProvider } from '@sanity/ui'
import { SWRConfig } from 'swr'
import {
  LaunchApiError,
  type AuditEntry,
  type InviteCandidate,
  type Invitee,
  type LaunchApi,
  type LaunchSession,
  type Place,
  type Report,
  type Wave,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from './launch-api.ts'
import { LaunchGate } from './launch-gate.tsx'
import { openLaunchSession } from './launch-handshake.ts'
import { LAUNCH_PROOF_TYPE } from '../../../schemas/launch-proof.ts'

const totals = { visitors: 250, page_views: 620, form_starts: 30, signups: 12, welcomes: 11, confirmations: 7, removals: 1 }
const report: Report = {
  range: { from: '2026-10-27', to: '2026-11-25', days: 30 },
  previous_range: { from: '2026-09-27', to: '2026-10-26', days: 30 },
  days: [{ day: '2026-11-25', ...totals }],
  totals,
  previous: { days: [], totals: { ...totals, visitors: 200 } },
  funnel: [
    { step: 'visitors', count: 250, of_previous: 1, of_first: 1, drop_off: null },
    { step: 'form_starts', count: 30, of_previous: 0.12, of_first: 0.12, drop_off: 220 },
  ],
  by_source: [{ source: 'newsletter', visitors: 40, signups: 5, confirmations: 3, conversion: 0.125 }],
  by_campaign: [{ campaign: 'launch', visitors: 55, signups: 6, confirmations: 4, conversion: 0.1091 }],
  by_page: [
    {
      page: 'homePage',
      title: { pt: 'Início', en: 'Home' },
      paths: { pt: '/', en: '/en' },
      visitors: 200,
      page_views: 480,
      form_starts: 22,
      signups: 9,
      confirmations: 5,
      conversion: 0.045,
    },
    {
      page: 'hrLeaders',
      title: { pt: 'Para líderes de RH' },
      paths: { pt: '/rh' },
      visitors: 60,
      page_views: 140,
      form_starts: 8,
      signups: 3,
      confirmations: 2,
      conversion: 0.05,
    },
    // A page no longer served keeps its numbers under its id.
    {
      page: 'oldCampaign',
      title: {},
      paths: {},
      visitors: 4,
      page_views: 4,
      form_starts: 0,
      signups: 0,
      confirmations: 0,
      conversion: 0,
    },
  ],
}
const ana: Place = {
  id: '6f1c1d2e-0000-4000-8000-000000000001',
  email: 'ana@empresa.example',
  name: 'Ana',
  role: 'Head of People',
  company_size: 'unknown',
  created_at: '2026-11-24T10:00:00Z',
  confirmed_at: '2026-11-24T11:00:00Z',
  consent_locale: 'pt',
  consent_version: '2026-11-25',
  welcome_status: 'sent',
  welcomed_at: '2026-11-24T10:01:00Z',
  source: 'newsletter',
  campaign: 'launch',
  invited_at: '2026-11-26T09:00:00Z',
  activated_at: null,
  undeliverable: false,
}

const endpoint: WebhookEndpoint = {
  id: '0b5e2f5c-0000-4000-8000-000000000002',
  url: 'https://hooks.crm.example/pulso',
  description: 'CRM',
  events: ['waitlist.signup.created', 'waitlist.signup.removed'],
  createdAt: '2026-11-25T09:00:00Z',
  failingSince: null,
  disabledAt: null,
  disabledReason: null,
  previousSecretUntil: null,
  deliveries: { pending: 1, delivered: 41, failed: 2 },
}
const failed: WebhookDelivery = {
  id: 7,
  eventId: 'msg_0123456789abcdef0123456789abcdef',
  type: 'waitlist.signup.created',
  status: 'failed',
  attempts: 8,
  lastStatus: 500,
  lastError: 'The endpoint answered 500.',
  lastAttemptAt: '2026-11-25T11:00:00Z',
  deliveredAt: null,
  nextAttemptAt: null,
  createdAt: '2026-11-24T10:00:00Z',
  resendable: true,
}
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

const bruno: InviteCandidate = {
  id: '6f1c1d2e-0000-4000-8000-000000000003',
  email: 'bruno@outra.example',
  name: 'Bruno',
  role: 'CTO',
  locale: 'en',
  createdAt: '2026-11-20T09:00:00Z',
  confirmedAt: '2026-11-21T09:00:00Z',
}
const carla: InviteCandidate = { ...bruno, id: '6f1c1d2e-0000-4000-8000-000000000004', email: 'carla@outra.example', name: null }
const wave: Wave = {
  id: '3c2d9a10-0000-4000-8000-000000000005',
  requested: 50,
  invited: 50,
  activated: 12,
  mail: { pending: 3, sent: 46, failed: 1 },
  createdBy: 'pEditor',
  createdAt: '2026-11-26T10:00:00Z',
}
const invitees: Invitee[] = [
  {
    id: bruno.id,
    email: bruno.email,
    name: bruno.name,
    invitedAt: wave.createdAt,
    activatedAt: null,
    activatedBy: null,
    mailStatus: 'sent',
  },
  {
    id: carla.id,
    email: carla.email,
    name: null,
    invitedAt: wave.createdAt,
    activatedAt: '2026-11-27T08:30:00Z',
    activatedBy: 'product',
    mailStatus: 'failed',
  },
]
const PEOPLE_SESSION: LaunchSession = { actor: 'pEditor', access: 'people' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function fakeApi(overrides: Partial<LaunchApi> = {}): LaunchApi {
  return {
    nonce: vi.fn(async () => ({ nonce: 'n0nce', expiresAt: '2026-11-25T12:01:00Z' })),
    openSession: vi.fn(async () => PEOPLE_SESSION),
    session: vi.fn(async () => PEOPLE_SESSION),
    signOut: vi.fn(async () => undefined),
    signOutEverywhere: vi.fn(async () => ({ ended: 2 })),
    report: vi.fn(async () => report),
    waitlist: vi.fn(async () => ({ total: 1, totalCapped: false, rows: [ana], page: 1, pageSize: 50 })),
    erase: vi.fn(async () => undefined),
    audit: vi.fn(async () => ({
      entries: [{ at: '2026-11-25T12:00:00Z', actor: 'pEditor', action: 'waitlist.read' as const, detail: {} }],
    })),
    exportUrl: 'http://site.example/api/launch/waitlist.csv',
    countUpdate: vi.fn(async () => ({ total: 0, pt: 0, en: 0 })),
    previewUpdate: vi.fn(),
    testUpdate: vi.fn(async () => undefined),
    sendUpdate: vi.fn(),
    updates: vi.fn(async () => ({ updates: [] })),
    updateChoices: vi.fn(async () => ({ documents: [], pages: [] })),
    pauseUpdate: vi.fn(async () => undefined),
    resendUnconfirmed: vi.fn(async () => ({ queued: 0 })),
    webhooks: vi.fn(async () => ({
      endpoints: [endpoint],
      events: [
        'waitlist.signup.created',
        'waitlist.signup.confirmed',
        'waitlist.signup.removed',
        'waitlist.invite.sent',
      ] as WebhookEventType[],
    })),
    addEndpoint: vi.fn(async () => ({ endpoint, secret: SECRET })),
    changeEndpoint: vi.fn(async () => ({ endpoint })),
    rotateSecret: vi.fn(async () => ({ endpoint, secret: SECRET })),
    deleteEndpoint: vi.fn(async () => undefined),
    deliveries: vi.fn(async () => ({ deliveries: [failed] })),
    sendTest: vi.fn(async () => ({ eventId: 'msg_test' })),
    resend: vi.fn(async () => undefined),
    nextInvitees: vi.fn(async () => ({ waiting: 120, people: [bruno, carla] })),
    sendWave: vi.fn(async () => ({ wave: { ...wave, requested: 2, invited: 2 }, repeated: false })),
    waves: vi.fn(async () => ({ waves: [wave] })),
    wavePeople: vi.fn(async () => ({ people: invitees })),
    markActivated: vi.fn(async () => undefined),
    experiments: vi.fn(async () => ({ experiments: [], fields: [] })),
    referrals: vi.fn(async () => ({
      counts: { pending: 0, credited: 0, held: 0, refused: 0, rejected: 0, revoked: 0 },
      placesPerReferral: 10,
      creditsPerHour: 5,
      held: [],
    })),
    decideReferral: vi.fn(async () => undefined),
    contentProblems: vi.fn(async () => ({ problems: [] })),
    ...overrides,
  }
}

function renderTool(api: LaunchApi, open: () => Promise<LaunchSession> = async () => PEOPLE_SESSION) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ThemeProvider theme={studioTheme}>
        <LaunchGate api={api} open={open} />
      </ThemeProvider>
    </SWRConfig>,
  )
}

describe('the Launch tool', () => {
  it('says why the site refused it, and tries again when asked', async () => {
    const open = vi
      .fn()
      .mockRejectedValueOnce(new LaunchApiError(401, 'This proof does not open the Launch tool.'))
      .mockResolvedValue(PEOPLE_SESSION)
    renderTool(fakeApi(), open)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This proof does not open the Launch tool.')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Launch' })).toBeInTheDocument()
    expect(open).toHaveBeenCalledTimes(2)
  })

  it('shows the totals against the previous period, the funnel and the sources', async () => {
    renderTool(fakeApi())
    const visitors = await screen.findByRole('group', { name: 'Visitors' })
    expect(visitors).toHaveTextContent('250')
    expect(visitors).toHaveTextContent('Previous period: 200 (+25 %)')
    const funnel = screen.getByRole('table', { name: 'Funnel' })
    expect(within(funnel).getByRole('row', { name: /Form starts 30 12.0 % 220/ })).toBeInTheDocument()
    expect(
      within(screen.getByRole('table', { name: 'By source' })).getByRole('row', { name: /newsletter 40 5 12.5 %/ }),
    ).toBeInTheDocument()
  })

  it('shows each page’s visitors, form starts, sign-ups and conversion under “By page”, named by its title and addresses', async () => {
    renderTool(fakeApi())
    const byPage = await screen.findByRole('table', { name: 'By page' })
    expect(within(byPage).getByRole('row', { name: 'Home / · /en 200 22 9 4.5 %' })).toBeInTheDocument()
    expect(within(byPage).getByRole('row', { name: 'Para líderes de RH /rh 60 8 3 5.0 %' })).toBeInTheDocument()
    expect(within(byPage).getByRole('row', { name: 'oldCampaign not on the site now 4 0 0 0.0 %' })).toBeInTheDocument()
  })

  it('asks for one page’s numbers when a page is chosen, the page named by its title', async () => {
    const api = fakeApi()
    renderTool(api)
    await screen.findByRole('table', { name: 'By page' })
    const pageFilter = screen.getByRole('combobox', { name: 'Page' })
    expect(within(pageFilter).getByRole('option', { name: 'Para líderes de RH' })).toHaveValue('hrLeaders')
    await userEvent.selectOptions(pageFilter, 'Para líderes de RH')
    await waitFor(() =>
      expect(api.report).toHaveBeenLastCalledWith(expect.any(String), expect.any(String), { page: 'hrLeaders' }),
    )
  })

  it('asks again for the report with a filter chosen', async () => {
    const api = fakeApi()
    renderTool(api)
    await screen.findByRole('group', { name: 'Visitors' })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Device' }), 'phone')
    await waitFor(() => expect(api.report).toHaveBeenLastCalledWith(expect.any(String), expect.any(String), { device: 'phone' }))
  })

  it('reads the days typed in when the period is chosen by hand', async () => {
    const api = fakeApi()
    renderTool(api)
    await screen.findByRole('group', { name: 'Visitors' })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Chosen days')
    // A date field takes its value whole, as a browser's picker gives it.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } })
    await waitFor(() => expect(api.report).toHaveBeenLastCalledWith('2026-11-01', expect.any(String), {}))
  })

  it('lists the waitlist with each consent, exports it and erases a person after asking', async () => {
    const api = fakeApi()
    renderTool(api)
    await userEvent.click(await screen.findByRole('tab', { name: 'Waitlist' }))
    const list = await screen.findByRole('table', { name: 'Waitlist' })
    expect(
      within(list).getByRole('row', {
        name: /ana@empresa.example Ana Head of People 2026-11-24 2026-11-25 \(pt\), confirmed 2026-11-24 newsletter \/ launch invited 2026-11-26/,
      }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', api.exportUrl)

    await userEvent.click(within(list).getByRole('button', { name: 'Erase ana@empresa.example' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Everything about ana@empresa.example leaves the database')
    expect(api.erase).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase for good' }))
    await waitFor(() => expect(api.erase).toHaveBeenCalledWith(ana.id))
  })

  it('searches from the third character on, saying so before it', async () => {
    const api = fakeApi()
    renderTool(api)
    await userEvent.click(await screen.findByRole('tab', { name: 'Waitlist' }))
    await screen.findByRole('table', { name: 'Waitlist' })
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by address, name or role' }), 'an')
    expect(screen.getByText('Type at least 3 characters to search')).toBeInTheDocument()
    expect(api.waitlist).not.toHaveBeenCalledWith('a', 'all', 1)
    expect(api.waitlist).not.toHaveBeenCalledWith('an', 'all', 1)
    await userEvent.type(screen.getByRole('textbox', { name: 'Search by address, name or role' }), 'a')
    await waitFor(() => expect(api.waitlist).toHaveBeenCalledWith('ana', 'all', 1))
    expect(screen.queryByText('Type at least 3 characters to search')).not.toBeInTheDocument()
  })

  it('adds a webhook endpoint and shows its secret once, lists its deliveries and resends a failed one', async () => {
    const api = fakeApi()
    renderTool(api)
    await userEvent.click(await screen.findByRole('tab', { name: 'Webhooks' }))
    const endpoints = await screen.findByRole('table', { name: 'Endpoints' })
    expect(
      within(endpoints).getByRole('row', {
        name: /hooks\.crm\.example.*Someone joined, Someone left or was erased Active 41 \/ 1 \/ 2/,
      }),
    ).toBeInTheDocument()

    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.slack.example/x')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Someone confirmed' }))
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(api.addEndpoint).toHaveBeenCalledWith({
      url: 'https://hooks.slack.example/x',
      description: '',
      events: ['waitlist.signup.created', 'waitlist.signup.confirmed'],
    })
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByLabelText('Signing secret')).toHaveTextContent(SECRET)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Deliveries: https://hooks.crm.example/pulso' }))
    const deliveries = await screen.findByRole('table', { name: 'Deliveries to https://hooks.crm.example/pulso' })
    expect(within(deliveries).getByRole('row', { name: /Someone joined Failed 8 500/ })).toBeInTheDocument()
    await userEvent.click(within(deliveries).getByRole('button', { name: `Resend ${failed.eventId}` }))
    expect(api.resend).toHaveBeenCalledWith(7)
    await userEvent.click(screen.getByRole('button', { name: 'Send test event: https://hooks.crm.example/pulso' }))
    expect(api.sendTest).toHaveBeenCalledWith(endpoint.id)
  })

  it('says why the site refused an endpoint', async () => {
    const api = fakeApi({
      addEndpoint: vi.fn(async () => {
        throw new LaunchApiError(400, 'Not an address we deliver to: 10.0.0.8 is a private address.')
      }),
    })
    renderTool(api)
    await userEvent.click(await screen.findByRole('tab', { name: 'Webhooks' }))
    await userEvent.type(await screen.findByLabelText('Endpoint URL'), 'https://10.0.0.8/')
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('10.0.0.8 is a private address.')
  })

  it('lists the content’s problems, each with its document in the Studio, and says when there are none', async () => {
    const studio = 'https://pulso.sanity.studio/intent/edit'
    const contentProblems = vi
      .fn()
      .mockResolvedValueOnce({
        problems: [
          {
            document: { type: 'hero', id: 'hero' },
            field: 'oldWayPoints',
            expected: 'array',
            studioUrl: `${studio}/id=hero;type=hero;path=oldWayPoints`,
          },
          {
            document: { type: 'statistic', id: 'statistic-accuracy' },
            field: 'value',
            expected: 'string',
            studioUrl: `${studio}/id=statistic-accuracy;type=statistic;path=value`,
          },
          { document: { type: 'testimonial' }, field: '', expected: 'array' },
        ],
      })
      .mockResolvedValue({ problems: [] })
    renderTool(fakeApi({ contentProblems }))
    await userEvent.click(await screen.findByRole('tab', { name: 'Content' }))
    const table = await screen.findByRole('table', { name: 'Content problems' })
    expect(within(table).getByRole('row', { name: /^hero oldWayPoints array/ })).toBeInTheDocument()
    expect(
      within(table).getByRole('link', { name: 'Open in the Studio: statistic · statistic-accuracy, value' }),
    ).toHaveAttribute('href', `${studio}/id=statistic-accuracy;type=statistic;path=value`)
    // A list of documents wrong as a whole names no one document to open.
    const everyTestimonial = within(table).getByRole('row', { name: /^every testimonial/ })
    expect(within(everyTestimonial).queryByRole('link')).toBeNull()

    // Fixed in the Studio: the tool reads again (every few seconds) and says so.
    await userEvent.click(screen.getByRole('tab', { name: 'Audit log' }))
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }))
    expect(await screen.findByText(/No content problems/)).toBeInTheDocument()
  })

  it('shows who did what in the audit log', async () => {
    renderTool(fakeApi())
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit log' }))
    const log = await screen.findByRole('table', { name: 'Audit log' })
    expect(within(log).getByRole('row', { name: /2026-11-25 12:00:00 pEditor read the waitlist/ })).toBeInTheDocument()
  })
})

describe('the two levels and signing out', () => {
  it('offers a member with the numbers only the report, the experiments and the content’s problems, and never asks for people', async () => {
    const api = fakeApi()
    renderTool(api, async () => ({ actor: 'pCopy', access: 'numbers' }))
    expect(await screen.findByText('pCopy · numbers only')).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Experiments', 'Content'])
    await screen.findByRole('group', { name: 'Visitors' })
    await userEvent.click(screen.getByRole('tab', { name: 'Experiments' }))
    expect(document.body).not.toHaveTextContent('@')
    for (const people of [api.waitlist, api.audit, api.webhooks, api.waves, api.referrals, api.nextInvitees]) {
      expect(people).not.toHaveBeenCalled()
    }
  })

  it('offers every tab to a member with the people level', async () => {
    renderTool(fakeApi())
    expect(await screen.findByText('pEditor · numbers and people')).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Waitlist',
      'Invite waves',
      'Referrals',
      'Updates',
      'Webhooks',
      'Experiments',
      'Content',
      'Audit log',
    ])
  })

  it('signs out, here or everywhere, and says so', async () => {
    const api = fakeApi()
    const open = vi.fn(async () => PEOPLE_SESSION)
    renderTool(api, open)
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    expect(api.signOut).toHaveBeenCalledTimes(1)
    expect(await screen.findByRole('alert')).toHaveTextContent('You have signed out of the Launch tool.')
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Open it again' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }))
    expect(api.signOutEverywhere).toHaveBeenCalledTimes(1)
    expect(open).toHaveBeenCalledTimes(2)
  })
})

describe('invite waves', () => {
  /** Opens the waves tab and shows who the next `count` are. */
  async function showNext(count: string) {
    const howMany = await screen.findByLabelText('How many to let in')
    await userEvent.clear(howMany)
    await userEvent.type(howMany, count)
    await userEvent.click(screen.getByRole('button', { name: 'Show who' }))
  }
  /** Sends the wave shown, through its confirmation. */
  async function sendShown(count: number) {
    await userEvent.click(await screen.findByRole('button', { name: `Send ${count} invitations` }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }))
  }
  async function openWaves(api: LaunchApi) {
    renderTool(api)
    await userEvent.click(await screen.findByRole('tab', { name: 'Invite waves' }))
  }

  it('shows who the next wave lets in and how many wait, and shows them again for another count', async () => {
    const api = fakeApi()
    await openWaves(api)
    expect(await screen.findByLabelText('How many to let in')).toHaveValue(50)
    await showNext('2')
    expect(api.nextInvitees).toHaveBeenCalledWith(2)
    expect(await screen.findByText('120 waiting in all')).toBeInTheDocument()
    const next = screen.getByRole('table', { name: 'The next people' })
    expect(within(next).getByRole('row', { name: /Bruno bruno@outra\.example CTO en 2026-11-20 2026-11-21/ })).toBeInTheDocument()
    expect(within(next).getByRole('row', { name: /— carla@outra\.example/ })).toBeInTheDocument()

    await userEvent.type(screen.getByLabelText('How many to let in'), '0')
    expect(screen.queryByRole('table', { name: 'The next people' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Send/ })).not.toBeInTheDocument()
  })

  it('asks before sending, sends the people shown and says how many were invited', async () => {
    const api = fakeApi()
    await openWaves(api)
    await showNext('2')
    await userEvent.click(await screen.findByRole('button', { name: 'Send 2 invitations' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Send invitations to 2 people?')
    expect(dialog).toHaveTextContent('Each gets an invitation email in their language, and webhooks hear waitlist.invite.sent.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(api.sendWave).not.toHaveBeenCalled()

    const wavesRead = vi.mocked(api.waves).mock.calls.length
    await sendShown(2)
    expect(await screen.findByRole('status')).toHaveTextContent('Wave sent: 2 invited')
    expect(api.sendWave).toHaveBeenCalledWith(expect.stringMatching(UUID), 2)
    expect(screen.queryByRole('table', { name: 'The next people' })).not.toBeInTheDocument()
    expect(vi.mocked(api.waves).mock.calls.length).toBeGreaterThan(wavesRead)
  })

  it('sends the same wave again after an error, and a new one after that', async () => {
    const sendWave = vi
      .fn<LaunchApi['sendWave']>()
      .mockRejectedValueOnce(new LaunchApiError(502, 'The site did not answer in time.'))
      .mockResolvedValue({ wave: { ...wave, invited: 2 }, repeated: false })
    await openWaves(fakeApi({ sendWave }))
    await showNext('2')
    await sendShown(2)
    expect(await screen.findByRole('alert')).toHaveTextContent('The site did not answer in time.')
    await sendShown(2)
    expect(await screen.findByRole('status')).toHaveTextContent('Wave sent: 2 invited')
    await showNext('2')
    await sendShown(2)
    await waitFor(() => expect(sendWave).toHaveBeenCalledTimes(3))
    const [failed, retried, next] = sendWave.mock.calls.map(([id]) => id)
    expect(failed).toMatch(UUID)
    expect(retried).toBe(failed)
    expect(next).not.toBe(failed)
  })

  it('keeps the wave that failed to answer when the operator leaves the tab and comes back', async () => {
    const sendWave = vi
      .fn<LaunchApi['sendWave']>()
      .mockRejectedValueOnce(new LaunchApiError(502, 'The site did not answer in time.'))
      .mockResolvedValue({ wave: { ...wave, invited: 2 }, repeated: true })
    await openWaves(fakeApi({ sendWave }))
    await showNext('2')
    await sendShown(2)
    await screen.findByRole('alert')
    await userEvent.click(screen.getByRole('tab', { name: 'Waitlist' }))
    await userEvent.click(screen.getByRole('tab', { name: 'Invite waves' }))
    await showNext('2')
    await sendShown(2)
    expect(await screen.findByRole('status')).toHaveTextContent('This wave was already sent')
    const [failed, retried] = sendWave.mock.calls.map(([id]) => id)
    expect(retried).toBe(failed)
  })

  it('holds the send while the site is sending the wave', async () => {
    const sendWave = vi.fn<LaunchApi['sendWave']>(() => new Promise(() => undefined))
    await openWaves(fakeApi({ sendWave }))
    await showNext('2')
    await sendShown(2)
    expect(screen.getByRole('button', { name: 'Send 2 invitations' })).toBeDisabled()
    expect(screen.getByLabelText('How many to let in')).toBeDisabled()
    expect(sendWave).toHaveBeenCalledTimes(1)
  })

  it('says so when the site had the wave already', async () => {
    await openWaves(fakeApi({ sendWave: vi.fn(async () => ({ wave, repeated: true })) }))
    await showNext('2')
    await sendShown(2)
    expect(await screen.findByRole('status')).toHaveTextContent('This wave was already sent')
  })

  it('lists the waves with how many came in, shows the people of one and marks one activated', async () => {
    const api = fakeApi()
    await openWaves(api)
    const waves = await screen.findByRole('table', { name: 'Waves' })
    expect(
      await within(waves).findByRole('row', { name: /2026-11-26 10:00:00 pEditor 50 50 12 of 50 46 \/ 3 \/ 1/ }),
    ).toBeInTheDocument()

    await userEvent.click(within(waves).getByRole('button', { name: 'People: wave of 2026-11-26 10:00:00' }))
    const people = await screen.findByRole('table', { name: 'People of the wave of 2026-11-26 10:00:00' })
    expect(api.wavePeople).toHaveBeenCalledWith(wave.id)
    expect(
      await within(people).findByRole('row', { name: /Bruno bruno@outra\.example 2026-11-26 10:00:00 Invited Sent/ }),
    ).toBeInTheDocument()
    expect(
      within(people).getByRole('row', { name: /carla@outra\.example .* Activated 2026-11-27 08:30:00 \(by product\) Failed/ }),
    ).toBeInTheDocument()
    expect(within(people).queryByRole('button', { name: 'Mark activated: carla@outra.example' })).not.toBeInTheDocument()

    await userEvent.click(within(people).getByRole('button', { name: 'Mark activated: bruno@outra.example' }))
    expect(api.markActivated).toHaveBeenCalledWith(bruno.id)
  })

  it('names the waves’ actions in the audit log', async () => {
    const actions: AuditEntry['action'][] = ['invites.previewed', 'invites.wave.sent', 'invites.wave.read', 'invite.activated']
    const audit = vi.fn(async () => ({
      entries: actions.map((action) => ({ at: '2026-11-26T10:00:00Z', actor: 'pEditor', action, detail: {} })),
    }))
    renderTool(fakeApi({ audit }))
    await userEvent.click(await screen.findByRole('tab', { name: 'Audit log' }))
    const log = await screen.findByRole('table', { name: 'Audit log' })
    for (const label of [
      'looked at who the next wave invites',
      'sent an invite wave',
      'read who a wave invited',
      'marked an invitee activated',
    ])
      expect(await within(log).findByRole('row', { name: new RegExp(`pEditor ${label}`) })).toBeInTheDocument()
  })
})

describe('the handshake', () => {
  it('writes the site’s nonce in a private proof, exchanges it, and deletes the proof', async () => {
    const api = fakeApi()
    const writer = { create: vi.fn(async () => ({})), delete: vi.fn(async () => ({})) }
    await expect(openLaunchSession(api, writer)).resolves.toEqual(PEOPLE_SESSION)
    const [[proof]] = writer.create.mock.calls as unknown as [[{ _id: string; _type: string; nonce: string }]]
    expect(proof).toEqual({
      _id: expect.stringMatching(/^pulso-launch-proof\.[0-9a-f-]{36}$/),
      _type: LAUNCH_PROOF_TYPE,
      nonce: 'n0nce',
    })
    expect(api.openSession).toHaveBeenCalledWith(proof._id)
    expect(writer.delete).toHaveBeenCalledWith(proof._id)
  })

  it('deletes the proof when the site refuses it too', async () => {
    const api = fakeApi({ openSession: vi.fn(async () => Promise.reject(new LaunchApiError(401, 'refused'))) })
    const writer = { create: vi.fn(async () => ({})), delete: vi.fn(async () => ({})) }
    await expect(openLaunchSession(api, writer)).rejects.toThrow('refused')
    expect(writer.delete).toHaveBeenCalledTimes(1)
  })
})
