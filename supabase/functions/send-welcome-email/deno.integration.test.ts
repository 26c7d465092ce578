// The real edge functions under Deno (as `supabase functions serve` would run them), against
// a throwaway PostgreSQL database, a real SMTP server and a stand-in for Sanity's API:
// send-welcome-email records and delivers, deliver-welcome-emails sweeps the outbox and deletes
// places never confirmed, waitlist-links confirms and removes, and each checks the caller's key.
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
/* eslint-disable no-restricted-imports -- the test sets the database up with the server's own migrator, as the self-hosted server does */
import { openDatabase, type Database } from '../../../server/db/database.ts'
import { migrate } from '../../../server/db/migrate.ts'
/* eslint-enable no-restricted-imports */
import { startSmtpInbox, type SmtpInbox } from '../../../test/mail/smtp-inbox.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/database/throwaway-postgres.ts'
import { eventually, uniqueAddress } from '../../../test/eventually.ts'
import { signLinkToken } from '../_shared/links/link-token.ts'
import { privacyNoteVersionQuery } from '../_shared/welcome/privacy-note-version-query.ts'
import { anUpdate } from '../_shared/updates/update-fixture.ts'
import { updateEmailQuery } from '../_shared/updates/update-query.ts'
import { KEYS, ROOT, START_TIMEOUT_MS, startFunction, stopFunction, type EdgeFunction } from '../../../test/deno/edge-function.ts'

const SITE_URL = 'https://pulso.test'

/** The privacy note's version in the hosted dataset: newer than any the migrations know. */
const STUDIO_CONSENT_VERSION = '2026-12-01'

/** An Update document as the dataset answers updateEmailQuery for its id: the fixture's words, a subject of its own. */
const UPDATE_DOCUMENT = {
  ...anUpdate,
  subject: { _type: 'localeString', pt: 'O beta do {brand} abre (do Studio)', en: 'The {brand} beta opens (from the Studio)' },
}

/**
 * Sanity's query API as the CDN answers it, with a welcome subject only the Studio would write and
 * a privacy note at a version of its own.
 */
async function startSanityStandIn(): Promise<{ url: string; server: Server; queries: string[] }> {
  const queries: string[] = []
  const server = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    queries.push(url.pathname)
    const query = url.searchParams.get('query')
    const result =
      query === privacyNoteVersionQuery
        ? STUDIO_CONSENT_VERSION
        : query === updateEmailQuery
          ? // Sanity's query API takes a parameter as `$id=<JSON>`.
            url.searchParams.get('$id') === JSON.stringify('update-deno')
            ? [UPDATE_DOCUMENT]
            : []
          : {
              settings: { brandName: 'Pulso', email: 'ola@pulso.test' },
              email: { subject: { pt: 'Seu lugar no {brand} (do Studio)', en: 'Your place at {brand} (from the Studio)' } },
              invitation: { subject: { pt: 'Sua vez no {brand} (do Studio)', en: 'Your turn at {brand} (from the Studio)' } },
            }
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ query: url.searchParams.get('query'), result, ms: 1 }))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, queries }
}

describe('the Deno edge functions on PostgreSQL', () => {
  let inbox: SmtpInbox
  let sanity: Awaited<ReturnType<typeof startSanityStandIn>>
  let database: ThrowawayDatabase
  let db: Database
  let sendWelcome: EdgeFunction
  let deliverWelcomes: EdgeFunction
  let waitlistLinks: EdgeFunction

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    sanity = await startSanityStandIn()
    database = await createThrowawayDatabase(inject('testDatabaseUrl'))
    db = await openDatabase({ databaseUrl: database.url, dataDir: ROOT })
    await migrate(db, resolve(ROOT, 'supabase/migrations'))
    const env = {
      SUPABASE_DB_URL: database.url,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: KEYS.publishable }),
      SUPABASE_ANON_KEY: KEYS.anon,
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: KEYS.secret }),
      SUPABASE_SERVICE_ROLE_KEY: KEYS.serviceRole,
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Pulso <boas-vindas@pulso.test>',
      SITE_URL,
      // No LINK_SECRET: the functions share the key they keep in the database.
      LINK_SECRET: '',
      SANITY_PROJECT_ID: 'test',
      SANITY_API_HOST: sanity.url,
      RESEND_API_KEY: '',
      ALTCHA_HMAC_KEY: 'a-test-key-of-at-least-32-characters!',
      // A function secret on the hosted project (docs/operations.md): one update message a second.
      UPDATE_RATE: '1',
    }
    ;[sendWelcome, deliverWelcomes, waitlistLinks] = await Promise.all([
      startFunction('send-welcome-email', env),
      startFunction('deliver-welcome-emails', env),
      startFunction('waitlist-links', env),
    ])
  }, START_TIMEOUT_MS + 30_000)

  afterAll(async () => {
    await Promise.all([stopFunction(sendWelcome), stopFunction(deliverWelcomes), stopFunction(waitlistLinks)])
    await db?.close()
    await database?.drop()
    await inbox?.close()
    await new Promise((done) => sanity?.server.close(done))
  })

  const signUp = (email: string) =>
    db.queryAsAnon(`insert into public.waitlist (email, role, company_size) values ($1, 'Head de Pessoas', 'unknown')`, [email])

  // What supabase-js sends with a publishable key: apikey, and no Authorization.
  const clientHeaders = { apikey: KEYS.publishable, 'x-client-info': 'supabase-js-node' }

  /** A challenge from the function (GET), solved as the browser's widget solves it. */
  async function solution(): Promise<string> {
    const challenge = (await (await fetch(sendWelcome.url, { headers: clientHeaders })).json()) as Challenge
    const solved = await solveChallenge({ challenge, deriveKey })
    return btoa(
      JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution: solved }),
    )
  }

  /** A welcome request with a fresh solution, unless the body brings its own `altcha` (or null for none). */
  const invoke = async (body: Record<string, unknown>, headers: Record<string, string> = clientHeaders) => {
    const { altcha = await solution(), ...fields } = body
    return fetch(sendWelcome.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-info': 'supabase-js-node', ...headers },
      body: JSON.stringify({ ...fields, ...(altcha === null ? {} : { altcha }) }),
    })
  }

  // What pg_cron's job sends: the key from Vault as a bearer token.
  const sweep = (key: string) =>
    fetch(deliverWelcomes.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: '{}',
    })

  const deliver = async () => {
    const response = await sweep(KEYS.secret)
    expect(response.status).toBe(200)
    const { deleted: _deleted, ...delivered } = (await response.json()) as {
      sent: number
      retried: number
      failed: number
      unavailable: boolean
      deleted: number
    }
    return delivered
  }

  // What the site's server sends when a reader opens or presses a personal link.
  const link = async (body: { action: string; token: string; apply: boolean }, apikey = KEYS.publishable) => {
    const response = await fetch(waitlistLinks.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  const tokenIn = (text: string, path: string) => {
    const match = new RegExp(`${SITE_URL}${path}\\?token=(\\S+)`).exec(text)
    if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`)
    return decodeURIComponent(match[1])
  }

  const place = async (email: string) =>
    (
      await db.query<{ confirmed: boolean; consent_locale: string | null; consent_version: string | null }>(
        `select confirmed_at is not null as confirmed, consent_locale, consent_version
         from public.waitlist where lower(email) = lower($1)`,
        [email],
      )
    ).rows[0]

  const welcomeRow = async (email: string) =>
    (
      await db.query<{ status: string; attempts: number; backed_off: boolean }>(
        `select status, attempts, next_attempt_at > now() + interval '1 second' as backed_off
         from public.welcome_emails where email = lower($1)`,
        [email],
      )
    ).rows[0]

  it('answers the CORS preflight', async () => {
    const response = await fetch(sendWelcome.url, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((name) => name.trim())
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-client-info', 'apikey', 'content-type']))
  })

  it('queues a welcome (202) and delivers exactly one email, then answers a repeat the same, sending nothing', async () => {
    const email = uniqueAddress('ana')
    await signUp(email)

    const queued = await invoke({ name: 'Ana Souza', email, role: 'Head de Pessoas', lang: 'en', consentVersion: '2026-11-23' })
    expect(queued.status).toBe(202)
    expect(await queued.json()).toEqual({ status: 'queued' })

    // The function delivers in the background right away; the sweep sends it if that has not happened yet.
    const swept = await deliver()
    expect(swept.failed).toBe(0)
    expect([0, 1]).toContain(swept.sent)
    const [mail] = await inbox.waitFor(email)
    expect(mail?.envelope.to).toEqual([email])
    // The subject the Studio wrote, read from the dataset's API; the rest from the code's copy.
    expect(mail?.subject).toBe('Your place at Pulso (from the Studio)')
    expect(sanity.queries).toContain('/v2025-02-19/data/query/production')
    expect(mail?.header('reply-to')).toBe('ola@pulso.test')
    expect(mail?.text).toContain('Hi Ana Souza,')
    expect(mail?.text).toContain(`Confirm my place: ${SITE_URL}/en/confirm?token=confirm.`)
    const removal = `${SITE_URL}/en/unsubscribe?token=${encodeURIComponent(tokenIn(mail?.text ?? '', '/en/unsubscribe'))}`
    expect(mail?.header('list-unsubscribe')).toBe(`<${removal}>`)
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(
      await eventually(
        () => welcomeRow(email),
        (row) => row?.status === 'sent',
      ),
    ).toMatchObject({ attempts: 1 })

    const again = await invoke({ name: 'Ana Souza', email, role: 'Head de Pessoas', lang: 'en' })
    expect(again.status).toBe(202)
    expect(await again.json()).toEqual({ status: 'queued' })
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 })
    expect(inbox.to(email)).toHaveLength(1)
  })

  it('delivers the invitation a wave queued, in the person’s language, with the trial link’s code', async () => {
    const email = uniqueAddress('convidada')
    await signUp(email)
    // Welcomed (in English) and confirmed long ago.
    await db.query(
      `insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
       select id, email, 'Bia Lima', 'en', 'sent', now() from public.waitlist where email = $1`,
      [email],
    )
    await db.query('update public.waitlist set confirmed_at = now() where email = $1', [email])
    await db.query(`select invites.send_wave('pTest', gen_random_uuid(), 1000)`)

    expect(await deliver()).toMatchObject({ failed: 0 })
    const [invitation] = await inbox.waitFor(email)
    expect(invitation?.subject).toBe('Your turn at Pulso (from the Studio)')
    expect(invitation?.text).toContain('Hi Bia Lima,')
    const { rows } = await db.query<{ code: string }>(
      'select code from invites.invitations join public.waitlist on waitlist.id = waitlist_id where email = $1',
      [email],
    )
    expect(invitation?.text).toContain(`invite=${rows[0]?.code}`)
    expect(invitation?.header('message-id')).toMatch(/^<invitation-/)
    expect(invitation?.header('list-unsubscribe')).toMatch(new RegExp(`^<${SITE_URL}/en/unsubscribe\\?token=`))
  })

  it('sends a queued update from pg_cron’s call, each reader once in their language, within UPDATE_RATE', async () => {
    const readers = { pt: uniqueAddress('leitora'), en: uniqueAddress('reader') }
    for (const [locale, email] of Object.entries(readers)) {
      await signUp(email)
      await db.query(
        `insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
         select id, email, 'Ana Souza', $2, 'sent', now() from public.waitlist where email = $1`,
        [email, locale],
      )
      await db.query(
        `update public.waitlist set confirmed_at = now(), consent_locale = $2, utm_campaign = 'deno-update' where email = $1`,
        [email, locale],
      )
    }
    const updateId = crypto.randomUUID()
    await db.query(`select updates.send('pTest', $1, 'update-deno', '{"campaigns":["deno-update"]}', null)`, [updateId])

    // One run of the function sends both: the second once the rate's one-second window has room.
    expect(await deliver()).toMatchObject({ failed: 0 })
    const [pt] = await inbox.waitFor(readers.pt)
    const [en] = await inbox.waitFor(readers.en)
    expect([pt?.subject, en?.subject]).toEqual(['O beta do Pulso abre (do Studio)', 'The Pulso beta opens (from the Studio)'])
    expect(en?.text).toContain('Hi Ana Souza,')
    expect(en?.text).toMatch(/you are #\d+ in the Pulso line/)
    const { rows: ids } = await db.query<{ id: string; email: string }>(
      'select id, email from public.waitlist where email = any($1)',
      [[readers.pt, readers.en]],
    )
    for (const { id, email } of ids) {
      const [mail] = inbox.to(email)
      expect(mail?.header('message-id')).toBe(`<update-${updateId}-${id}@pulso.test>`)
      expect(mail?.header('list-unsubscribe')).toMatch(new RegExp(`^<${SITE_URL}/(en/unsubscribe|descadastrar)\\?token=`))
      expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    }
    const { rows } = await db.query<{ sent: number; completed: boolean }>(
      'select (updates.outcomes(id)).sent, completed_at is not null as completed from updates.updates where id = $1',
      [updateId],
    )
    expect(rows).toEqual([{ sent: 2, completed: true }])
    // UPDATE_RATE reached the claim: each claim in the window took one message (without it no claim is recorded).
    const { rows: claims } = await db.query<{ messages: number }>('select messages from updates.claims')
    expect(claims.length).toBeGreaterThan(0)
    expect(claims.every((claim) => claim.messages === 1)).toBe(true)
  })

  it('answers an address not on the waitlist as any other (202 queued) and sends nothing', async () => {
    const email = uniqueAddress('stranger')
    const response = await invoke({ name: 'Eve', email, role: 'CTO' })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ status: 'queued' })
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 })
    expect(inbox.to(email)).toEqual([])
  })

  it('refuses a welcome without a proof-of-work solution (400) or with a used one (403), sending nothing', async () => {
    const email = uniqueAddress('proof')
    await signUp(email)
    const without = await invoke({ name: 'Ana', email, role: 'CTO', altcha: null })
    expect(without.status).toBe(400)
    expect(await without.json()).toMatchObject({ error: 'proof_of_work_required' })

    const altcha = await solution()
    expect((await invoke({ name: 'Bob', email: uniqueAddress('first'), role: 'CTO', altcha })).status).toBe(202)
    const replayed = await invoke({ name: 'Ana', email, role: 'CTO', altcha })
    expect(replayed.status).toBe(403)
    expect(await replayed.json()).toMatchObject({ error: 'proof_of_work_refused' })

    const forged = JSON.parse(atob(await solution()))
    forged.solution.derivedKey = '00'.repeat(32)
    expect((await invoke({ name: 'Ana', email, role: 'CTO', altcha: btoa(JSON.stringify(forged)) })).status).toBe(403)
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 })
    expect(inbox.to(email)).toEqual([])
  })

  it('answers 400 for an invalid request', async () => {
    const response = await invoke({ name: '', email: 'nope', role: 'CTO', lang: 'es' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'invalid_request',
      message: expect.stringMatching(/name:.*email:.*lang:/),
    })
  })

  it('retries a deferred welcome by itself within seconds, and delivers it once', async () => {
    const email = uniqueAddress('retry')
    await signUp(email)
    inbox.deferRate = 1
    try {
      expect((await invoke({ name: 'Rita', email, role: 'CTO', lang: 'pt' })).status).toBe(202)
      // The background attempt is deferred (451) and recorded with a backoff of seconds.
      const failed = await eventually(
        () => welcomeRow(email),
        (row) => (row?.attempts ?? 0) >= 1,
      )
      expect(failed).toMatchObject({ status: 'pending', backed_off: true })
    } finally {
      inbox.deferRate = 0
    }
    // The same background delivery comes back when the backoff ends: no sweep needed.
    const [mail] = await inbox.waitFor(email)
    expect(mail?.subject).toBe('Seu lugar no Pulso (do Studio)')
    expect(mail?.text).toMatch(/^Olá, Rita!/)
    expect(
      await eventually(
        () => welcomeRow(email),
        (row) => row?.status === 'sent',
      ),
    ).toMatchObject({ attempts: 2 })
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 })
    expect(inbox.to(email)).toHaveLength(1)
  })

  it('greets a name that carries a link neutrally, and keeps it and the role out of the message', async () => {
    const email = uniqueAddress('pitch')
    await db.queryAsAnon(
      `insert into public.waitlist (email, role, company_size) values ($1, 'Visit bit.ly/deal now', 'unknown')`,
      [email],
    )
    const name = 'WIN R$5000 NOW at http://evil.example/claim'
    expect((await invoke({ name, email, role: 'Visit bit.ly/deal now', lang: 'pt' })).status).toBe(202)
    await deliver()
    const [mail] = await inbox.waitFor(email)
    expect(mail?.text).toMatch(/^Olá!/)
    expect(mail?.raw).not.toMatch(/evil\.example|R\$5000|bit\.ly/)
  })

  describe('who may call them', () => {
    it('refuses send-welcome-email without the project’s key, and takes the publishable or the legacy anon key', async () => {
      const email = uniqueAddress('keys')
      await signUp(email)
      const body = { name: 'Kim', email, role: 'CTO', lang: 'en' }
      expect((await invoke(body, {})).status).toBe(401)
      expect((await invoke(body, { apikey: 'sb_publishable_someone_else' })).status).toBe(401)
      expect((await invoke(body, { apikey: KEYS.anon, authorization: `Bearer ${KEYS.anon}` })).status).toBe(202)
      expect((await invoke(body, { apikey: KEYS.publishable })).status).toBe(202)
    })

    it('lets only the secret or service-role key run the sweep', async () => {
      for (const key of [KEYS.publishable, KEYS.anon, 'nothing']) expect((await sweep(key)).status).toBe(401)
      expect((await fetch(deliverWelcomes.url, { method: 'POST', body: '{}' })).status).toBe(401)
      for (const key of [KEYS.secret, KEYS.serviceRole]) expect((await sweep(key)).status).toBe(200)
    })

    it('refuses waitlist-links without the project’s key', async () => {
      expect((await link({ action: 'confirm', token: 'x', apply: false }, 'wrong')).status).toBe(401)
      expect((await link({ action: 'confirm', token: 'x', apply: false })).status).toBe(400)
    })
  })

  describe('the personal links', () => {
    it('confirms the place through the welcome’s link, recording its language and consent version, then removes it', async () => {
      const email = uniqueAddress('links')
      await signUp(email)
      expect((await invoke({ name: 'Lia', email, role: 'CTO', lang: 'pt', consentVersion: '2026-11-23' })).status).toBe(202)
      await deliver()
      const [mail] = await inbox.waitFor(email)
      const confirm = tokenIn(mail?.text ?? '', '/confirmar')
      const remove = tokenIn(mail?.text ?? '', '/descadastrar')

      expect(await link({ action: 'confirm', token: confirm, apply: false })).toEqual({ status: 200, body: { state: 'ready' } })
      expect(await place(email)).toMatchObject({ confirmed: false })
      expect(await link({ action: 'remove', token: confirm, apply: true })).toEqual({ status: 400, body: { state: 'invalid' } })
      // A confirmed person's answer says where they stand (docs/product.md §13.1).
      expect(await link({ action: 'confirm', token: confirm, apply: true })).toMatchObject({
        status: 200,
        body: { state: 'done', standing: { state: 'waiting', credited: 0 } },
      })
      expect(await place(email)).toEqual({ confirmed: true, consent_locale: 'pt', consent_version: '2026-11-23' })

      expect(await link({ action: 'remove', token: remove, apply: true })).toEqual({ status: 200, body: { state: 'done' } })
      expect(await place(email)).toBeUndefined()
      expect(await welcomeRow(email)).toBeUndefined()
      expect(await link({ action: 'confirm', token: confirm, apply: true })).toEqual({ status: 410, body: { state: 'gone' } })
    })

    it('records only a consent version the privacy note has had: the hosted note’s, not the caller’s own', async () => {
      const email = uniqueAddress('consent')
      await signUp(email)
      // A client of its own: the other tests spend this file's client's welcome limit.
      const client = { ...clientHeaders, 'x-forwarded-for': '198.51.100.77' }
      const refused = await invoke({ name: 'Lia', email, role: 'CTO', lang: 'pt', consentVersion: 'never-shown:v0' }, client)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toMatchObject({ error: 'unknown_consent_version' })
      expect(await welcomeRow(email)).toBeUndefined()

      const body = { name: 'Lia', email, role: 'CTO', lang: 'pt', consentVersion: STUDIO_CONSENT_VERSION }
      expect((await invoke(body, client)).status).toBe(202)
      await deliver()
      const [mail] = await inbox.waitFor(email)
      const confirm = tokenIn(mail?.text ?? '', '/confirmar')
      expect(await link({ action: 'confirm', token: confirm, apply: true })).toMatchObject({
        status: 200,
        body: { state: 'done' },
      })
      expect(await place(email)).toEqual({ confirmed: true, consent_locale: 'pt', consent_version: STUDIO_CONSENT_VERSION })
      // The place email its confirmation queued goes now (within the mail rate), so that the tests after this one start from an empty outbox.
      const received = await eventually(
        async () => {
          await deliver()
          return inbox.to(email)
        },
        (mails) => mails.length === 2,
      )
      expect(received[1]?.text).toContain('/indicacoes?token=')
    })

    it('decides referrals as the self-hosted server does: a disposable domain refused, another network credited, the place email and status page', async () => {
      const referrer = uniqueAddress('indica')
      await signUp(referrer)
      const client = { ...clientHeaders, 'x-forwarded-for': '198.51.100.90' }
      expect((await invoke({ name: 'Rita Alves', email: referrer, role: 'CTO', lang: 'pt' }, client)).status).toBe(202)
      await deliver()
      const [welcome] = await inbox.waitFor(referrer)
      expect((await link({ action: 'confirm', token: tokenIn(welcome?.text ?? '', '/confirmar'), apply: true })).status).toBe(200)
      const { rows } = await db.query<{ id: string; code: string }>(
        'select w.id, p.code from public.waitlist w join referrals.people p on p.waitlist_id = w.id where w.email = $1',
        [referrer],
      )
      const [{ id, code }] = rows as [{ id: string; code: string }]
      const secret = (await db.query<{ value: string }>(`select value from private.secrets where name = 'link_secret'`)).rows[0]!
        .value
      const confirmFriend = async (email: string) => {
        await db.queryAsAnon(`insert into public.waitlist (email, role, ref) values ($1, 'Lead', $2)`, [email, code])
        const friend = (await db.query<{ id: string }>('select id from public.waitlist where email = $1', [email])).rows[0]!.id
        const token = await signLinkToken(secret, {
          purpose: 'confirm',
          waitlistId: friend,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        expect((await link({ action: 'confirm', token, apply: true })).status).toBe(200)
      }
      await confirmFriend(`colega-${crypto.randomUUID().slice(0, 8)}@mailinator.com`)
      await confirmFriend(uniqueAddress('colega'))
      const { rows: decided } = await db.query<{ status: string; reason: string | null }>(
        'select status, reason from referrals.referrals where referrer_id = $1 order by status',
        [id],
      )
      expect(decided).toEqual([
        { status: 'credited', reason: null },
        { status: 'refused', reason: 'disposable_domain' },
      ])

      expect(await deliver()).toMatchObject({ failed: 0 })
      const placeEmail = inbox.to(referrer).findLast((mail) => mail.text.includes('/indicacoes?token='))
      expect(placeEmail?.text).toContain('Colegas que entraram pelo seu link e confirmaram: 1')
      expect(placeEmail?.text).toContain(`${SITE_URL}/?ref=${code}`)
      const status = await fetch(waitlistLinks.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: KEYS.publishable },
        body: JSON.stringify({ action: 'status', token: tokenIn(placeEmail?.text ?? '', '/indicacoes') }),
      })
      expect(status.status).toBe(200)
      expect(await status.json()).toMatchObject({ state: 'done', standing: { code, credited: 1, locale: 'pt' } })
    })

    it('signs with the key kept in the database, so every function and instance agrees', async () => {
      const { rows } = await db.query<{ value: string }>(`select value from private.secrets where name = 'link_secret'`)
      expect(rows).toHaveLength(1)
      const expired = await signLinkToken(rows[0]?.value ?? '', {
        purpose: 'confirm',
        waitlistId: '00000000-0000-4000-8000-000000000000',
        expiresAt: new Date(Date.now() - 1000),
      })
      expect(await link({ action: 'confirm', token: expired, apply: true })).toEqual({ status: 410, body: { state: 'expired' } })
    })
  })

  it('deletes, with the sweep, the places left unconfirmed past the retention period, and keeps the confirmed ones', async () => {
    const [stale, confirmed, fresh] = [uniqueAddress('stale'), uniqueAddress('kept'), uniqueAddress('fresh')]
    for (const email of [stale, confirmed, fresh]) await signUp(email)
    await db.query(`update public.waitlist set created_at = now() - interval '31 days' where email in ($1, $2)`, [
      stale,
      confirmed,
    ])
    await db.query(`update public.waitlist set confirmed_at = now() - interval '30 days' where email = $1`, [confirmed])

    const response = await sweep(KEYS.secret)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ deleted: 1 })
    expect(await place(stale)).toBeUndefined()
    expect(await place(confirmed)).toMatchObject({ confirmed: true })
    expect(await place(fresh)).toMatchObject({ confirmed: false })
  })

  it('gives up on a welcome refused for good (550) and records why', async () => {
    const email = uniqueAddress('refused')
    inbox.refused.add(email.toLowerCase())
    await signUp(email)
    expect((await invoke({ name: 'Rui', email, role: 'CTO', lang: 'pt' })).status).toBe(202)
    const failed = await eventually(
      () => welcomeRow(email),
      (row) => row?.status === 'failed',
    )
    expect(failed).toMatchObject({ attempts: 1 })
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 })
    expect(inbox.to(email)).toEqual([])
  })

  it('sends a backlog with bounded concurrency over pooled connections in one sweep', async () => {
    const emails = Array.from({ length: 40 }, () => uniqueAddress('backlog'))
    for (const email of emails) {
      await signUp(email)
      const { rows } = await db.query<{ id: string }>('select id from public.waitlist where email = $1', [email])
      await db.query(`insert into public.welcome_emails (waitlist_id, email, name, locale) values ($1, $2, 'Pessoa', 'en')`, [
        rows[0]?.id,
        email,
      ])
    }
    expect(await deliver()).toMatchObject({ sent: 40, failed: 0, unavailable: false })
    expect(emails.every((email) => inbox.to(email).length === 1)).toBe(true)
  })
})
