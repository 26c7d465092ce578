// The self-hosted sign-up backend end to end, as the landing page uses it: real supabase-js
// against the server, a real SMTP server receiving the welcomes. The same suite runs on
// embedded PGlite and on PostgreSQL (a throwaway database on the test server, see postgres-global-setup.ts).
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SignupBackend } from './signups.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { eventually, uniqueAddress } from '../../test/eventually.ts'
import { sweepNow } from '../../test/server/sweep-now.ts'

const ANON_KEY = 'local-anon-key'
const PREFLIGHT_HEADERS = ['apikey', 'authorization', 'x-client-info', 'content-type', 'content-profile', 'prefer']

describe.each(databaseVariants)('sign-ups on $name', ({ database }) => {
  let inbox: SmtpInbox
  let dropDatabase: (() => Promise<void>) | undefined
  let server: TestServer
  let backend: SignupBackend
  let baseUrl: string
  let supabase: SupabaseClient

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    const throwaway = await database()
    dropDatabase = throwaway.drop
    server = await startTestServer({
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Pulso <boas-vindas@pulso.test>',
      MAIL_SWEEP_SECONDS: '1',
      // The request limits and the proof of work have suites of their own (abuse.integration.test.ts).
      CAPTCHA: 'off',
      SIGNUP_LIMIT: '1000/1m',
      WELCOME_LIMIT_PER_CLIENT: '1000/1m',
      WELCOME_LIMIT_PER_RECIPIENT: '1000/1m',
      ...throwaway.env,
    })
    backend = server.backend
    baseUrl = server.url
    supabase = createClient(baseUrl, ANON_KEY, { auth: { persistSession: false } })
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await inbox?.close()
    await dropDatabase?.()
  })

  const sweep = () => sweepNow(backend.sender)

  const signUp = (email: string, fields: Record<string, unknown> = {}) =>
    supabase.from('waitlist').insert({ email, role: 'Head de Pessoas', company_size: 'unknown', ...fields })

  const waitlistRows = async (email: string) =>
    (
      await backend.db.query<{ email: string; role: string }>(
        'select email, role from public.waitlist where lower(email) = lower($1)',
        [email],
      )
    ).rows

  const welcomeRow = async (email: string) =>
    (
      await backend.db.query<{ status: string; attempts: number; last_error: string | null; backed_off: boolean; sent: boolean }>(
        `select status, attempts, last_error, next_attempt_at > now() + interval '1 second' as backed_off, sent_at is not null as sent
         from public.welcome_emails where email = lower($1)`,
        [email],
      )
    ).rows

  describe('the landing page’s two calls through supabase-js', () => {
    it('joins the waitlist and welcomes the visitor exactly once, in Portuguese', async () => {
      const email = uniqueAddress('ana')
      const inserted = await signUp(email)
      expect(inserted.error).toBeNull()
      expect(inserted.status).toBe(201)

      const invoked = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Ana Souza', email, role: 'Head de Pessoas', lang: 'pt' },
      })
      expect(invoked.error).toBeNull()
      expect(invoked.data).toEqual({ status: 'queued' })

      const [mail] = await inbox.waitFor(email)
      expect(mail?.envelope.to).toEqual([email])
      expect(mail?.to).toContain(email)
      expect(mail?.header('from')).toContain('boas-vindas@pulso.test')
      expect(mail?.subject).toBe('Confirme seu lugar no teste grátis do Pulso')
      expect(mail?.text).toContain('Olá, Ana Souza!')
      expect(mail?.text).toContain('Sair da lista agora')
      expect(mail?.html).toContain('Olá, <bdi>Ana Souza</bdi>!')
      expect(mail?.text).not.toContain('free trial')

      const again = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Ana Souza', email, role: 'Head de Pessoas', lang: 'pt' },
      })
      expect(again.error).toBeNull()
      expect(again.data).toEqual({ status: 'queued' })
      await sweep()
      expect(inbox.to(email)).toHaveLength(1)
      expect(await welcomeRow(email)).toEqual([
        expect.objectContaining({ status: 'sent', attempts: 1, last_error: null, sent: true }),
      ])
    })

    it('welcomes in English when asked, whatever the case of the address', async () => {
      const email = uniqueAddress('bob')
      expect((await signUp(email)).error).toBeNull()
      const invoked = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Bob Stone', email: email.toUpperCase(), role: 'CTO', lang: 'en' },
      })
      expect(invoked.error).toBeNull()

      const [mail] = await inbox.waitFor(email)
      expect(mail?.subject).toBe('Confirm your place in the Pulso free trial')
      expect(mail?.text).toContain('Hi Bob Stone,')
      expect(mail?.text).toContain('Leave the list now')
      expect(mail?.text).not.toContain('Sair')
      await sweep()
      expect(inbox.to(email)).toHaveLength(1)
    })

    it('answers a second sign-up for the same address, in any spelling, as a first one (201), keeping one row', async () => {
      const email = uniqueAddress('carla')
      expect((await signUp(email)).error).toBeNull()
      const [local, domain] = email.split('@')
      for (const spelling of [email.toUpperCase(), `${local}@${domain?.toUpperCase()}.`]) {
        const duplicate = await signUp(spelling, { role: 'Someone else' })
        expect(duplicate.error).toBeNull()
        expect(duplicate.status).toBe(201)
      }
      expect(await waitlistRows(email)).toEqual([{ email, role: 'Head de Pessoas' }])
    })

    it('answers an address not on the waitlist as any other (202 queued) and sends nothing', async () => {
      const email = uniqueAddress('stranger')
      const invoked = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Eve', email, role: 'CTO', lang: 'en' },
      })
      expect(invoked.error).toBeNull()
      expect(invoked.data).toEqual({ status: 'queued' })
      await sweep()
      expect(inbox.to(email)).toEqual([])
      expect(await welcomeRow(email)).toEqual([])
    })

    it('answers 400 naming the field for an invalid request', async () => {
      const invoked = await supabase.functions.invoke('send-welcome-email', { body: { name: 'Ana', email: 'nope', role: 'CTO' } })
      expect(invoked.error).toBeInstanceOf(FunctionsHttpError)
      const response = (invoked.error as FunctionsHttpError).context as Response
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'invalid_request', message: expect.stringContaining('email:') })
    })

    it('keeps CR/LF in the name out of the headers: no Bcc, one recipient', async () => {
      const email = uniqueAddress('inject')
      expect((await signUp(email)).error).toBeNull()
      const invoked = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Ana\r\nBcc: evil@x.y', email, role: 'CTO', lang: 'pt' },
      })
      expect(invoked.error).toBeNull()

      const [mail] = await inbox.waitFor(email)
      expect(mail?.envelope.to).toEqual([email])
      expect(mail?.header('bcc')).toBeUndefined()
      expect(mail?.headers.map(([name]) => name)).not.toContain('bcc')
      // A name with an address in it is not greeted at all.
      expect(mail?.subject).toBe('Confirme seu lugar no teste grátis do Pulso')
      expect(mail?.text).toMatch(/^Olá!/)
      expect(mail?.raw).not.toContain('evil@x.y')
      expect(inbox.to('evil@x.y')).toEqual([])
    })

    it('answers 404 for a function it does not have', async () => {
      const invoked = await supabase.functions.invoke('no-such-function', { body: {} })
      expect(invoked.error).toBeInstanceOf(FunctionsHttpError)
      expect(((invoked.error as FunctionsHttpError).context as Response).status).toBe(404)
    })
  })

  describe('the PostgREST contract for anon', () => {
    it('refuses to return the inserted row (42501 / 401) and keeps nothing', async () => {
      const email = uniqueAddress('representation')
      const result = await signUp(email).select()
      expect(result.status).toBe(401)
      expect(result.error?.code).toBe('42501')
      expect(result.data).toBeNull()
      expect(await waitlistRows(email)).toEqual([])
    })

    it('refuses to read the waitlist (42501 / 401)', async () => {
      expect((await signUp(uniqueAddress('listed'))).error).toBeNull()
      const result = await supabase.from('waitlist').select()
      expect(result.status).toBe(401)
      expect(result.error?.code).toBe('42501')
      expect(result.data).toBeNull()
    })

    it('refuses updates and deletes, leaving the row as it was', async () => {
      const email = uniqueAddress('keep')
      expect((await signUp(email)).error).toBeNull()
      const update = await supabase.from('waitlist').update({ role: 'x' }).eq('email', email)
      expect(update.status).toBe(401)
      expect(update.error?.code).toBe('42501')
      const remove = await supabase.from('waitlist').delete().eq('email', email)
      expect(remove.status).toBe(401)
      expect(remove.error?.code).toBe('42501')
      const upsert = await supabase.from('waitlist').upsert({ email, role: 'x', company_size: 'unknown' })
      expect(upsert.error).not.toBeNull()
      expect(await waitlistRows(email)).toEqual([{ email, role: 'Head de Pessoas' }])
    })

    it('answers PGRST204 / 400 for a column it does not know', async () => {
      const email = uniqueAddress('column')
      const result = await signUp(email, { name: 'Ana' })
      expect(result.status).toBe(400)
      expect(result.error?.code).toBe('PGRST204')
      expect(result.error?.message).toContain("'name'")
      expect(await waitlistRows(email)).toEqual([])
    })

    it.each([
      ['a malformed address', { email: 'not-an-address' }],
      ['an address over 254 characters', { email: `${'a'.repeat(250)}@example.com` }],
      ['an empty role', { role: '   ' }],
      ['a company size other than unknown', { company_size: 'big' }],
    ])('answers 400 for %s and stores nothing (a refusal PostgREST answers without an error body)', async (_case, fields) => {
      const email = uniqueAddress('check')
      const result = await signUp(email, fields)
      expect(result.status).toBe(400)
      expect(result.error).toEqual({ message: '' })
      expect(await waitlistRows('email' in fields ? fields.email : email)).toEqual([])
    })

    it('refuses the outbox exactly as it refuses a table that does not exist (PGRST205 / 404)', async () => {
      const outbox = await supabase.from('welcome_emails').select()
      const missing = await supabase.from('no_such_table').select()
      expect(outbox.status).toBe(404)
      expect(outbox.error?.code).toBe('PGRST205')
      expect(outbox.data).toBeNull()
      expect({ status: outbox.status, error: outbox.error }).toEqual({ status: missing.status, error: missing.error })
      expect(JSON.stringify(outbox.error)).not.toMatch(/welcome|pending|sent/)

      const write = await supabase.from('welcome_emails').insert({ email: 'x@y.z' })
      const writeMissing = await supabase.from('no_such_table').insert({ email: 'x@y.z' })
      expect(write.status).toBe(404)
      expect(write.error?.code).toBe('PGRST205')
      expect(write.error?.message.replace('welcome_emails', 'T')).toBe(writeMissing.error?.message.replace('no_such_table', 'T'))
    })

    it('answers PGRST102 / 400 for a body that is not JSON', async () => {
      const response = await fetch(`${baseUrl}/rest/v1/waitlist`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/json' },
        body: '{"email": ',
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'PGRST102' })
    })

    it('answers 401 to a request without the anon key, or with another key', async () => {
      const body = JSON.stringify({ email: uniqueAddress('nokey'), role: 'CTO', company_size: 'unknown' })
      for (const path of ['/rest/v1/waitlist', '/functions/v1/send-welcome-email']) {
        const withoutKey = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        expect(withoutKey.status).toBe(401)
        const wrongKey = await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', apikey: 'not-the-anon-key' },
          body,
        })
        expect(wrongKey.status).toBe(401)
      }
      expect(await waitlistRows(JSON.parse(body).email)).toEqual([])
    })

    it.each(['/rest/v1/waitlist', '/functions/v1/send-welcome-email'])('answers the CORS preflight for %s', async (path) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://pulso.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': PREFLIGHT_HEADERS.join(','),
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-methods')).toContain('POST')
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim().toLowerCase())
      expect(allowed).toEqual(expect.arrayContaining(PREFLIGHT_HEADERS))
    })
  })

  describe('the database rights of role anon', () => {
    const asAnon = (sql: string, params?: unknown[]) => backend.db.queryAsAnon(sql, params)

    it('lets anon insert a sign-up, and nothing more', async () => {
      const email = uniqueAddress('anon')
      await asAnon(`insert into public.waitlist (email, role, company_size) values ($1, 'CTO', 'unknown')`, [email])
      expect(await waitlistRows(email)).toHaveLength(1)
      await expect(
        asAnon(`insert into public.waitlist (email, role, company_size) values ($1, 'CTO', 'unknown') returning id`, [
          uniqueAddress('r'),
        ]),
      ).rejects.toMatchObject({ code: '42501' })
      await expect(
        asAnon(`insert into public.waitlist (id, email, role) values (gen_random_uuid(), $1, 'CTO')`, [uniqueAddress('id')]),
      ).rejects.toMatchObject({
        code: '42501',
      })
    })

    it.each([
      ['select', 'select * from public.waitlist'],
      ['update', `update public.waitlist set role = 'x'`],
      ['delete', 'delete from public.waitlist'],
      ['truncate', 'truncate public.waitlist'],
    ])('refuses %s on the waitlist with 42501', async (_verb, sql) => {
      await expect(asAnon(sql)).rejects.toMatchObject({ code: '42501' })
    })

    it.each([
      ['select', 'select * from public.welcome_emails'],
      [
        'insert',
        `insert into public.welcome_emails (waitlist_id, email, name, locale) values (gen_random_uuid(), 'x@y.z', 'X', 'pt')`,
      ],
      ['update', `update public.welcome_emails set status = 'sent'`],
      ['delete', 'delete from public.welcome_emails'],
    ])('refuses %s on the welcome outbox with 42501', async (_verb, sql) => {
      await expect(asAnon(sql)).rejects.toMatchObject({ code: '42501' })
    })
  })

  describe('delivery retries', () => {
    it('retries a welcome the SMTP server deferred (451) after a backoff of seconds, by itself, and delivers it once', async () => {
      const email = uniqueAddress('retry')
      expect((await signUp(email)).error).toBeNull()
      inbox.deferRate = 1
      try {
        const invoked = await supabase.functions.invoke('send-welcome-email', {
          body: { name: 'Rita', email, role: 'CTO', lang: 'pt' },
        })
        expect(invoked.error).toBeNull()
        expect(invoked.data).toEqual({ status: 'queued' })
        const [failed] = await eventually(
          () => welcomeRow(email),
          (rows) => (rows[0]?.attempts ?? 0) >= 1,
        )
        expect(failed).toMatchObject({ status: 'pending', attempts: 1, backed_off: true, sent: false })
        expect(failed?.last_error).toMatch(/451/)
      } finally {
        inbox.deferRate = 0
      }
      expect(inbox.to(email)).toEqual([])

      // No kick, no sweep from the test: the sender wakes when the backoff ends.
      const [mail] = await inbox.waitFor(email)
      expect(mail?.text).toMatch(/^Olá, Rita!/)
      const [sent] = await eventually(
        () => welcomeRow(email),
        (rows) => rows[0]?.status === 'sent',
      )
      expect(sent).toMatchObject({ attempts: 2, last_error: null, sent: true })
      await sweep()
      expect(inbox.to(email)).toHaveLength(1)
    })

    it('gives up at once on a welcome the SMTP server refuses for good (550), recording why', async () => {
      const email = uniqueAddress('refused')
      inbox.refused.add(email.toLowerCase())
      expect((await signUp(email)).error).toBeNull()
      const invoked = await supabase.functions.invoke('send-welcome-email', {
        body: { name: 'Rui', email, role: 'CTO', lang: 'pt' },
      })
      expect(invoked.data).toEqual({ status: 'queued' })
      const [failed] = await eventually(
        () => welcomeRow(email),
        (rows) => rows[0]?.status === 'failed',
      )
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, sent: false })
      expect(failed?.last_error).toMatch(/550/)
      await sweep()
      expect(await welcomeRow(email)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })])
      expect(inbox.to(email)).toEqual([])
    })
  })
})
