// Double opt-in and removal through the real server, on embedded PGlite and on PostgreSQL: the
// welcome as a real SMTP server receives it (signed with DKIM), then its personal links opened
// and pressed the way a browser, a mail scanner and a mail provider's one-click unsubscribe do.
import { generateKeyPairSync } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { dkimVerify } from 'mailauth/lib/dkim/verify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type ServerConfig } from '../config.ts'
import { createServer, type PulsoServer } from '../create-server.ts'
import type { PageRenderer } from '../site/page-renderer.ts'
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { uniqueAddress } from '../../test/eventually.ts'
import { signLinkToken } from '../../supabase/functions/_shared/links/link-token.ts'
import { sweepNow } from '../../test/server/sweep-now.ts'

const SITE_URL = 'https://pulso.test'
const ANON_KEY = 'local-anon-key'
const dkim = generateKeyPairSync('rsa', { modulusLength: 2048 })
/** The TXT record a sender domain publishes at sel2026._domainkey.pulso.test. */
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${dkim.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`

/** Renders what the server asked for, so a test reads the page's state instead of its markup. */
const renderer: PageRenderer = {
  render: ({ path, signup }) => ({
    status: 200,
    html: JSON.stringify({ path, link: signup?.link ?? null }),
    sources: { script: [], style: [] },
  }),
}

describe.each(databaseVariants)('personal links on $name', ({ database }) => {
  let workDir: string
  let inbox: SmtpInbox
  let dropDatabase: (() => Promise<void>) | undefined
  let config: ServerConfig
  let server: PulsoServer
  let supabase: SupabaseClient

  async function start() {
    server = await createServer(config, { distDir: join(workDir, 'dist'), renderer })
    await server.app.ready()
  }

  const backend = () => {
    if (!server.signups) throw new Error('this server should answer the sign-ups itself')
    return server.signups
  }

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'pulso-links-'))
    await mkdir(join(workDir, 'dist', 'client'), { recursive: true })
    inbox = await startSmtpInbox()
    const throwaway = await database()
    dropDatabase = throwaway.drop
    config = loadConfig({
      DATA_DIR: join(workDir, 'data'),
      SITE_URL,
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Pulso <boas-vindas@pulso.test>',
      MAIL_SWEEP_SECONDS: '3600',
      // The proof of work and the limits have their own tests (abuse.integration.test.ts).
      CAPTCHA: 'off',
      SIGNUP_LIMIT: '1000/1m',
      WELCOME_LIMIT_PER_CLIENT: '1000/1m',
      REMOVAL_MEMORY_DAYS: '45',
      DKIM_DOMAIN: 'pulso.test',
      DKIM_SELECTOR: 'sel2026',
      DKIM_PRIVATE_KEY: dkim.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      LOG_LEVEL: 'silent',
      ...throwaway.env,
    })
    await start()
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const address = server.app.server.address()
    if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port')
    supabase = createClient(`http://127.0.0.1:${address.port}`, ANON_KEY, { auth: { persistSession: false } })
  }, 60_000)

  afterAll(async () => {
    await server?.app.close()
    await inbox?.close()
    await dropDatabase?.()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  const sweep = () => sweepNow(backend().sender)

  /** The form's two calls, then the welcome as the SMTP server received it. */
  async function signUpAndReadWelcome(
    email: string,
    { name = 'Ana Souza', role = 'Head de Pessoas', lang = 'pt' }: { name?: string; role?: string; lang?: 'pt' | 'en' } = {},
  ) {
    expect((await supabase.from('waitlist').insert({ email, role, company_size: 'unknown' })).error).toBeNull()
    const invoked = await supabase.functions.invoke('send-welcome-email', {
      body: { name, email, role, lang, consentVersion: '2026-11-23' },
    })
    expect(invoked.error).toBeNull()
    await sweep()
    const [mail] = await inbox.waitFor(email)
    if (!mail) throw new Error(`no welcome for ${email}`)
    return mail
  }

  /** A personal link in the welcome's text, as a path and query on this site. */
  function linkIn(mail: ReceivedMail, path: string): string {
    const match = new RegExp(`${SITE_URL}(${path}\\?token=\\S+)`).exec(mail.text)
    if (!match?.[1]) throw new Error(`no ${path} link in:\n${mail.text}`)
    return match[1]
  }

  async function open(url: string, method: 'GET' | 'POST' | 'HEAD' = 'GET', payload?: { type: string; body: string }) {
    const response = await server.app.inject({
      method,
      url,
      ...(payload ? { headers: { 'content-type': payload.type }, payload: payload.body } : {}),
    })
    return {
      status: response.statusCode,
      link: method === 'HEAD' ? undefined : (JSON.parse(response.body) as { link: string | null }).link,
      headers: response.headers,
    }
  }

  const formPost = { type: 'application/x-www-form-urlencoded', body: '' }
  const oneClick = { type: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click' }

  const place = async (email: string) =>
    (
      await backend().db.query<{ confirmed: boolean; consent_locale: string | null; consent_version: string | null }>(
        `select confirmed_at is not null as confirmed, consent_locale, consent_version
         from public.waitlist where lower(email) = lower($1)`,
        [email],
      )
    ).rows[0]

  const welcomeRows = async (email: string) =>
    (await backend().db.query('select id from public.welcome_emails where email = lower($1)', [email])).rows

  describe('the welcome as the SMTP server received it', () => {
    it('carries one-click removal headers pointing at the site, signed with DKIM, and no visitor text in its subject', async () => {
      const email = uniqueAddress('headers')
      const name = 'WIN R$5000 NOW at http://evil.example/claim'
      const role = 'Cheap meds at bit.ly/3xYzAb'
      const mail = await signUpAndReadWelcome(email, { name, role, lang: 'en' })

      expect(mail.subject).toBe('Confirm your place in the Pulso free trial')
      expect(mail.text).toMatch(/^Hi there,/)
      expect(mail.raw).not.toMatch(/evil\.example|R\$5000|bit\.ly|3xYzAb/)

      const removal = linkIn(mail, '/en/unsubscribe')
      expect(mail.header('list-unsubscribe')).toBe(`<${SITE_URL}${removal}>`)
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')

      const signature = mail.header('dkim-signature') ?? ''
      expect(signature).toMatch(/d=pulso\.test;/)
      expect(signature).toMatch(/s=sel2026;/)
      const signed = /(?:^|;)h=([^;]+)/.exec(signature.replace(/\s+/g, ''))?.[1]?.toLowerCase().split(':') ?? []
      expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']))
      const verified = await dkimVerify(Buffer.from(mail.raw), {
        resolver: async (domain, type) => {
          if (domain === 'sel2026._domainkey.pulso.test' && type === 'TXT') return [[DKIM_RECORD]]
          throw Object.assign(new Error(`no ${type} record for ${domain}`), { code: 'ENOTFOUND' })
        },
      })
      expect(verified.results.map((result) => result.status.result)).toEqual(['pass'])
    })

    it('greets a real name in the welcome’s language', async () => {
      const mail = await signUpAndReadWelcome(uniqueAddress('greet'), { name: 'María José D’Ávila', lang: 'pt' })
      expect(mail.subject).toBe('Confirme seu lugar no teste grátis do Pulso')
      expect(mail.text).toMatch(/^Olá, María José D’Ávila!/)
    })
  })

  describe('confirming', () => {
    it('asks on GET, confirms on POST, recording when, the language and the consent version', async () => {
      const email = uniqueAddress('confirm')
      const mail = await signUpAndReadWelcome(email)
      const confirm = linkIn(mail, '/confirmar')

      const asked = await open(confirm)
      expect(asked).toMatchObject({ status: 200, link: 'ready' })
      expect(asked.headers['cache-control']).toBe('no-store')
      expect(asked.headers['referrer-policy']).toBe('no-referrer')
      expect(await place(email)).toEqual({ confirmed: false, consent_locale: null, consent_version: null })

      expect(await open(confirm, 'POST', formPost)).toMatchObject({ status: 200, link: 'done' })
      expect(await place(email)).toEqual({ confirmed: true, consent_locale: 'pt', consent_version: '2026-11-23' })
      expect(await open(confirm)).toMatchObject({ status: 200, link: 'done' })
      expect(await open(confirm, 'POST', formPost)).toMatchObject({ status: 200, link: 'done' })
    })

    it('refuses a consent version the privacy note never had (400), listed or not, and welcomes nobody', async () => {
      const email = uniqueAddress('consent')
      expect((await supabase.from('waitlist').insert({ email, role: 'CTO', company_size: 'unknown' })).error).toBeNull()
      for (const address of [email, uniqueAddress('stranger')]) {
        const answer = await server.app.inject({
          method: 'POST',
          url: '/functions/v1/send-welcome-email',
          headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
          payload: { name: 'Ana', email: address, role: 'CTO', lang: 'pt', consentVersion: 'never-shown:v0' },
        })
        expect(answer.statusCode).toBe(400)
        expect(answer.json()).toMatchObject({ error: 'unknown_consent_version' })
      }
      expect(await welcomeRows(email)).toEqual([])
      expect(await place(email)).toEqual({ confirmed: false, consent_locale: null, consent_version: null })
    })
  })

  describe('removing', () => {
    it('never removes on GET or HEAD (mail scanners follow links), only on POST', async () => {
      const email = uniqueAddress('scanner')
      const remove = linkIn(await signUpAndReadWelcome(email), '/descadastrar')
      expect(await open(remove)).toMatchObject({ status: 200, link: 'ready' })
      expect(await open(remove)).toMatchObject({ status: 200, link: 'ready' })
      expect((await open(remove, 'HEAD')).status).toBe(200)
      expect(await place(email)).toMatchObject({ confirmed: false })
      expect(await welcomeRows(email)).toHaveLength(1)
    })

    it('deletes the waitlist row and the welcome on a one-click POST (RFC 8058), answering 200', async () => {
      const email = uniqueAddress('one-click')
      const mail = await signUpAndReadWelcome(email, { lang: 'en' })
      const confirm = linkIn(mail, '/en/confirm')
      expect(await open(confirm, 'POST', formPost)).toMatchObject({ status: 200, link: 'done' })
      const removal = mail.header('list-unsubscribe')?.replace(/^<https:\/\/pulso\.test|>$/g, '') ?? ''

      expect(await open(removal, 'POST', oneClick)).toMatchObject({ status: 200, link: 'done' })
      expect(await place(email)).toBeUndefined()
      expect(await welcomeRows(email)).toEqual([])
      // Pressed again, or opened later: the person is off the list, and says so.
      expect(await open(removal, 'POST', oneClick)).toMatchObject({ status: 200, link: 'done' })
      expect(await open(removal)).toMatchObject({ status: 200, link: 'done' })
      expect(await open(confirm)).toMatchObject({ status: 410, link: 'gone' })
    })

    it('remembers a removed mailbox: re-adding any spelling of it stores and mails nothing, and the links stay true', async () => {
      const local = uniqueAddress('left').split('@')[0] ?? 'left'
      const email = `${local}@gmail.com`
      const mail = await signUpAndReadWelcome(email)
      const removal = linkIn(mail, '/descadastrar')
      expect(await open(removal, 'POST', formPost)).toMatchObject({ status: 200, link: 'done' })

      // A stranger puts the person back, under another spelling of the same inbox: answered as always.
      const again = `${local}+again@googlemail.com`
      expect((await supabase.from('waitlist').insert({ email: again, role: 'CTO', company_size: 'unknown' })).error).toBeNull()
      const invoked = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Ana', email: again, role: 'CTO', lang: 'pt', consentVersion: '2026-11-23' },
      })
      expect(invoked.error).toBeNull()
      await sweep()
      expect(await place(again)).toBeUndefined()
      expect(await welcomeRows(again)).toEqual([])
      expect(await open(removal)).toMatchObject({ status: 200, link: 'done' })
      // Only a keyed hash is kept, never the address.
      const kept = await backend().db.query<{ hash: string }>(
        `select encode(mailbox_hash, 'hex') as hash from guard.removed_mailboxes`,
      )
      expect(JSON.stringify(kept.rows)).not.toContain(local)

      // Once the period is over, the person can sign up again.
      await backend().db.query('update guard.removed_mailboxes set forget_at = now()')
      expect((await supabase.from('waitlist').insert({ email: again, role: 'CTO', company_size: 'unknown' })).error).toBeNull()
      expect(await place(again)).toEqual({ confirmed: false, consent_locale: null, consent_version: null })
    })

    it('takes every spelling of the inbox off the list: one listed before the removal goes too, and is never welcomed', async () => {
      const local = uniqueAddress('inbox').split('@')[0] ?? 'inbox'
      const email = `${local}@gmail.com`
      const removal = linkIn(await signUpAndReadWelcome(email), '/descadastrar')
      // Another spelling of the same inbox, listed before one place per inbox (decision 0061) made a
      // second spelling a repeat: an address of its own then, spelled as the inbox now (no insert runs).
      const spelling = `${local.replace(/^(.)/, '$1.')}+x@googlemail.com`
      const other = uniqueAddress('listed-before')
      expect((await supabase.from('waitlist').insert({ email: other, role: 'CTO', company_size: 'unknown' })).error).toBeNull()
      await backend().db.query('update public.waitlist set email = $1 where email = $2', [spelling, other])
      expect(await place(spelling)).toBeDefined()

      expect(await open(removal, 'POST', formPost)).toMatchObject({ status: 200, link: 'done' })
      expect(await place(spelling)).toBeUndefined()
      const invoked = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Ana', email: spelling, role: 'CTO', lang: 'pt', consentVersion: '2026-11-23' },
      })
      expect(invoked.error).toBeNull()
      await sweep()
      expect(await welcomeRows(spelling)).toEqual([])
      expect(inbox.to(spelling)).toEqual([])
    })

    it('forgets the mailbox once its period is over; an old removal link then says only that its sign-up is gone', async () => {
      const email = uniqueAddress('forgotten')
      const removal = linkIn(await signUpAndReadWelcome(email), '/descadastrar')
      expect(await open(removal, 'POST', formPost)).toMatchObject({ status: 200, link: 'done' })
      const remembered = async () =>
        (await backend().db.query<{ n: number }>('select count(*)::int as n from guard.removed_mailboxes')).rows[0]?.n
      expect(await remembered()).toBeGreaterThan(0)
      // For REMOVAL_MEMORY_DAYS, which the server wrote into the database at start.
      const { rows: periods } = await backend().db.query<{ days: number }>(
        `select round(extract(epoch from max(forget_at) - now()) / 86400)::int as days from guard.removed_mailboxes`,
      )
      expect(periods).toEqual([{ days: 45 }])

      await backend().db.query(`update guard.removed_mailboxes set forget_at = now() - interval '1 second'`)
      await sweep()
      expect(await remembered()).toBe(0)
      // The inbox can be put back now, by anyone: the old link must not tell its reader they are off the list.
      expect((await supabase.from('waitlist').insert({ email, role: 'CTO', company_size: 'unknown' })).error).toBeNull()
      expect(await place(email)).toBeDefined()
      expect(await open(removal)).toMatchObject({ status: 410, link: 'gone' })
      expect(await open(removal, 'POST', oneClick)).toMatchObject({ status: 410, link: 'gone' })
      expect(await place(email)).toBeDefined()
    })

    it('takes the removal form as multipart too', async () => {
      const email = uniqueAddress('multipart')
      const remove = linkIn(await signUpAndReadWelcome(email), '/descadastrar')
      const boundary = 'pulso-boundary'
      const multipart = {
        type: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      }
      expect(await open(remove, 'POST', multipart)).toMatchObject({ status: 200, link: 'done' })
      expect(await place(email)).toBeUndefined()
    })
  })

  describe('links that are not good', () => {
    it('refuses forged, altered, expired, wrong-purpose and missing tokens with a page that says so, changing nothing', async () => {
      const email = uniqueAddress('forged')
      const mail = await signUpAndReadWelcome(email)
      const confirm = linkIn(mail, '/confirmar')
      const removeToken = new URLSearchParams(linkIn(mail, '/descadastrar').split('?')[1]).get('token') ?? ''
      const waitlistId = removeToken.split('.')[1] ?? ''
      const forged = await signLinkToken('not-the-server-key-but-long-enough-to-sign', {
        purpose: 'remove',
        waitlistId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      const expired = await signLinkToken(await backend().linkSecret(), {
        purpose: 'remove',
        waitlistId,
        expiresAt: new Date(Date.now() - 1000),
      })
      const altered = confirm.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))

      expect(await open(`/descadastrar?token=${forged}`, 'POST', oneClick)).toMatchObject({ status: 400, link: 'invalid' })
      expect(await open(`/descadastrar?token=${expired}`, 'POST', oneClick)).toMatchObject({ status: 410, link: 'expired' })
      expect(await open(altered, 'POST', formPost)).toMatchObject({ status: 400, link: 'invalid' })
      expect(await open(`/confirmar?token=${removeToken}`, 'POST', formPost)).toMatchObject({ status: 400, link: 'invalid' })
      expect(await open(`/descadastrar?token=${removeToken.replace('remove.', 'confirm.')}`, 'POST', oneClick)).toMatchObject({
        status: 400,
        link: 'invalid',
      })
      expect(await open('/descadastrar', 'POST', oneClick)).toMatchObject({ status: 400, link: 'invalid' })
      expect(await open('/en/confirm?token=')).toMatchObject({ status: 400, link: 'invalid' })

      expect(await place(email)).toEqual({ confirmed: false, consent_locale: null, consent_version: null })
      expect(await welcomeRows(email)).toHaveLength(1)
    })
  })

  describe('the retention sweep', () => {
    it('deletes places left unconfirmed past the retention period, with their welcome, and keeps confirmed and recent ones', async () => {
      const [stale, confirmed, fresh] = [uniqueAddress('stale'), uniqueAddress('kept'), uniqueAddress('fresh')]
      for (const email of [stale, confirmed, fresh]) await signUpAndReadWelcome(email)
      const { db } = backend()
      await db.query(`update public.waitlist set created_at = now() - interval '31 days' where email in ($1, $2)`, [
        stale,
        confirmed,
      ])
      await db.query(`update public.waitlist set confirmed_at = now() - interval '30 days' where email = $1`, [confirmed])

      await sweep()
      expect(await place(stale)).toBeUndefined()
      expect(await welcomeRows(stale)).toEqual([])
      expect(await place(confirmed)).toMatchObject({ confirmed: true })
      expect(await place(fresh)).toMatchObject({ confirmed: false })
    })
  })

  describe('the signing key', () => {
    it('is generated once, kept in the database, and the same after a restart, so earlier links still work', async () => {
      const { rows } = await backend().db.query<{ value: string }>(`select value from private.secrets where name = 'link_secret'`)
      expect(rows).toEqual([{ value: await backend().linkSecret() }])
      const email = uniqueAddress('restart')
      const confirm = linkIn(await signUpAndReadWelcome(email), '/confirmar')
      const before = await backend().linkSecret()

      await server.app.close()
      await start()
      expect(await backend().linkSecret()).toBe(before)
      expect(await open(confirm, 'POST', formPost)).toMatchObject({ status: 200, link: 'done' })
      expect(await place(email)).toMatchObject({ confirmed: true })
    })
  })
})
