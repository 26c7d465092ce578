// Updates through the Launch tool's API on both databases (the Studio's handshake, people level):
// the count a filter reaches, a preview with a real reader's values and a test send, an update sent twice under one id (a double click) and delivered by
// the server's own sender to a real SMTP server in each reader's language, its progress, a
// scheduled one paused and resumed, every count and change in the audit, and the refusals; and a
// content source that does not answer (the seed unreadable) answered 502, not 500.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { eventually } from '../../test/eventually.ts'
import { startSmtpInbox, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import type { AuditEntry } from '../operator/operator-store.ts'
import type { Update } from './update-admin.ts'
import type { UpdateChoices } from './update-routes.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const PEOPLE = 30
/** The seed's update (studio/seed/data.ndjson). */
const DOCUMENT = 'update-beta-opens'

describe.each(databaseVariants)('updates through the Launch API on $name', ({ database }) => {
  let dropDatabase: (() => Promise<void>) | undefined
  let seedDir: string | undefined
  let server: TestServer
  let inbox: SmtpInbox
  let cookie: string

  beforeAll(async () => {
    const throwaway = await database()
    dropDatabase = throwaway.drop
    inbox = await startSmtpInbox()
    // A seed of its own, which a test makes unreadable for a while.
    seedDir = await mkdtemp(join(tmpdir(), 'pulso-update-routes-'))
    await cp(resolve('studio/seed'), seedDir, { recursive: true })
    server = await startTestServer({
      SEED_DIR: seedDir,
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-tests',
      SMTP_URL: inbox.url,
      MAIL_SWEEP_SECONDS: '1',
      UPDATE_RATE: '100',
      CAPTCHA: 'off',
      ...throwaway.env,
    })
    cookie = await launchCookie(server.url, EDITOR_TOKEN)
    // Confirmed people, every third in English and from the newsletter, and a few who never confirmed.
    await server.backend.db.query(
      `with joined as (
         insert into public.waitlist (email, role, created_at, confirmed_at, signup_locale, utm_source)
         select 'reader-' || i || '@empresa.example', 'Team lead', now() - make_interval(mins => 1000 - i),
                case when i <= $1::int then now() end, 'pt', case when i % 3 = 0 then 'newsletter' end
         from generate_series(1, $1::int + 5) as i
         returning id, email, utm_source
       )
       insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
       select id, email, 'Mary', case when utm_source = 'newsletter' then 'en' else 'pt' end, 'sent', now() from joined`,
      [PEOPLE],
    )
  })

  afterAll(async () => {
    await server?.close()
    await inbox?.close()
    await dropDatabase?.()
    if (seedDir) await rm(seedDir, { recursive: true, force: true })
  })

  async function tool<T>(path: string, init: { method?: string; body?: unknown } = {}) {
    const response = await fetch(`${server.url}/api/launch${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, origin: STUDIO_ORIGIN, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }
  const english = { locales: ['en'], sources: ['newsletter'] }
  const updates = async () => (await tool<{ updates: Update[] }>('/updates')).body.updates
  const audited = async () =>
    (await server.backend.db.query<AuditEntry>(`select action from operator.audit where action like 'update%'`)).rows.map(
      (row) => row.action,
    )

  it('offers the published updates and the pages served, each by id with its words, to pick from', async () => {
    const { status, body } = await tool<UpdateChoices>('/updates/choices')
    expect(status).toBe(200)
    expect(body.documents).toEqual([
      { id: DOCUMENT, subject: { pt: 'O beta do {brand} abre na segunda', en: 'The {brand} beta opens on Monday' } },
    ])
    expect(body.pages).toContainEqual({
      id: 'homePage',
      title: expect.objectContaining({ en: expect.stringContaining('Pulso') }),
    })
  })

  it('counts who a filter reaches, in each language, before anything is sent', async () => {
    const { status, body } = await tool('/updates/count', { method: 'POST', body: { filter: english } })
    expect(status).toBe(200)
    expect(body).toEqual({ total: PEOPLE / 3, pt: 0, en: PEOPLE / 3 })
    expect((await tool('/updates/count', { method: 'POST', body: { filter: {} } })).body).toMatchObject({ total: PEOPLE })
    // No one here signed up from a page that said so: a page's filter reaches no one.
    expect((await tool('/updates/count', { method: 'POST', body: { filter: { pages: ['homePage'] } } })).body).toMatchObject({
      total: 0,
    })
    for (const filter of [{ pages: ['/'] }, { locales: ['fr'] }, { locales: [] }, { sources: 'newsletter' }])
      expect((await tool('/updates/count', { method: 'POST', body: { filter } })).status).toBe(400)
  })

  it('previews the update in both languages with a real reader’s name and place, never their removal link', async () => {
    const { status, body } = await tool<Record<'pt' | 'en', { subject: string; text: string; html: string }>>(
      '/updates/preview',
      { method: 'POST', body: { documentId: DOCUMENT, filter: english } },
    )
    expect(status).toBe(200)
    expect(body.pt.subject).toBe('O beta do Pulso abre na segunda')
    expect(body.en.subject).toBe('The Pulso beta opens on Monday')
    expect(body.en.text).toContain('Hi Mary,')
    expect(body.pt.text).toContain('Olá, Mary!')
    expect(body.en.text).toContain('?token=preview')
    const nobody = { documentId: DOCUMENT, filter: { campaigns: ['none-such'] } }
    expect((await tool('/updates/preview', { method: 'POST', body: nobody })).status).toBe(404)
    const noDocument = { documentId: 'update-none-such', filter: english }
    expect((await tool('/updates/preview', { method: 'POST', body: noDocument })).status).toBe(404)
  })

  it('sends a test in both languages to the address the operator types, at once', async () => {
    const to = 'operator@pulso.example'
    expect((await tool('/updates/test', { method: 'POST', body: { documentId: DOCUMENT, to } })).status).toBe(202)
    const received = await inbox.waitFor(to, 2)
    expect(received.map((mail) => mail.subject).sort()).toEqual([
      'O beta do Pulso abre na segunda',
      'The Pulso beta opens on Monday',
    ])
    expect(received[0]?.header('list-unsubscribe')).toMatch(/token=remove\./)
    expect((await tool('/updates/test', { method: 'POST', body: { documentId: 'update-none-such', to } })).status).toBe(404)
    expect((await tool('/updates/test', { method: 'POST', body: { documentId: DOCUMENT, to: 'not an address' } })).status).toBe(
      400,
    )
  })

  it('sends an update once however often it is sent under one id, each reader in their language', async () => {
    const id = crypto.randomUUID()
    const send = () =>
      tool<{ update: Update; repeated: boolean }>('/updates', {
        method: 'POST',
        body: { id, documentId: DOCUMENT, filter: english },
      })
    const [one, two] = await Promise.all([send(), send()])
    expect([one.status, two.status].sort()).toEqual([200, 201])
    expect([one.body.repeated, two.body.repeated].sort()).toEqual([false, true])
    expect(one.body.update).toMatchObject({ id, documentId: DOCUMENT, recipients: PEOPLE / 3 })

    const done = await eventually(
      async () => (await updates()).find((update) => update.id === id),
      (update) => update?.state === 'sent',
      60_000,
    )
    expect(done).toMatchObject({ recipients: 10, sent: 10, queued: 0, deferred: 0, failed: 0, bounced: 0, unconfirmed: 0 })
    const delivered = inbox.messages.filter((mail) => mail.header('message-id')?.startsWith(`<update-${id}-`))
    expect(delivered.map((mail) => mail.subject)).toEqual(Array(PEOPLE / 3).fill('The Pulso beta opens on Monday'))
    expect(inbox.to('reader-3@empresa.example')[0]?.text).toContain('THE BETA OPENS ON MONDAY')
  })

  it('counts a reader who leaves with the one-click removal of an update as a removal that came from it', async () => {
    const [update] = (await updates()).filter((listed) => listed.state === 'sent')
    const [mail] = inbox
      .to('reader-3@empresa.example')
      .filter((got) => got.header('message-id')?.startsWith(`<update-${update?.id}-`))
    const removal = new URL(/^<([^>]+)>$/.exec(mail?.header('list-unsubscribe') ?? '')?.[1] ?? '')
    // What a mail client does with List-Unsubscribe-Post (RFC 8058): a POST, with no cookie, to the link.
    const response = await fetch(`${server.url}${removal.pathname}${removal.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(response.status).toBe(200)
    const left = await server.backend.db.query(`select from public.waitlist where email = 'reader-3@empresa.example'`)
    expect(left.rows).toHaveLength(0)
    expect((await updates()).find((listed) => listed.id === update?.id)).toMatchObject({ removed: 1 })
  })

  it('holds a scheduled update, pauses and resumes it, and refuses an unknown one', async () => {
    const id = crypto.randomUUID()
    const sendAt = new Date(Date.now() + 86_400_000).toISOString()
    const sent = await tool<{ update: Update }>('/updates', {
      method: 'POST',
      body: { id, documentId: DOCUMENT, filter: {}, sendAt },
    })
    expect(sent.status).toBe(201)
    // One reader left above.
    expect(sent.body.update).toMatchObject({ state: 'scheduled', recipients: PEOPLE - 1, queued: PEOPLE - 1 })
    expect((await tool(`/updates/${id}/pause`, { method: 'POST' })).status).toBe(204)
    expect((await updates()).find((update) => update.id === id)?.state).toBe('paused')
    expect((await tool(`/updates/${id}/resume`, { method: 'POST' })).status).toBe(204)
    expect((await updates()).find((update) => update.id === id)?.state).toBe('scheduled')
    expect((await tool(`/updates/${crypto.randomUUID()}/pause`, { method: 'POST' })).status).toBe(404)
    // Nothing of it was recorded as sent, so nothing is unconfirmed: sending again queues none (audited all the same).
    expect(await tool(`/updates/${id}/resend-unconfirmed`, { method: 'POST' })).toEqual({ status: 200, body: { queued: 0 } })
    expect((await tool(`/updates/${crypto.randomUUID()}/resend-unconfirmed`, { method: 'POST' })).status).toBe(404)
    for (const body of [
      { id, documentId: 'drafts.update-beta-opens', filter: {} },
      { id, documentId: DOCUMENT, filter: {}, sendAt: 'tomorrow' },
      { id: 'not-a-uuid', documentId: DOCUMENT, filter: {} },
    ])
      expect((await tool('/updates', { method: 'POST', body })).status).toBe(400)
    expect(await audited()).toEqual(
      expect.arrayContaining(['updates.counted', 'update.sent', 'update.paused', 'update.resumed', 'update.unconfirmed.resent']),
    )
  })

  it('answers 502 with what to do, never 500, while the content source does not answer, and the choices once it does', async () => {
    const seed = join(seedDir ?? '', 'data.ndjson')
    const readable = await readFile(seed, 'utf8')
    await writeFile(seed, `${readable}{ not a document\n`)
    try {
      const away = { status: 502, body: { error: expect.stringContaining('content source') } }
      expect(await tool('/updates/choices')).toEqual(away)
      expect(await tool('/updates/preview', { method: 'POST', body: { documentId: DOCUMENT, filter: {} } })).toEqual(away)
      const test = { documentId: DOCUMENT, to: 'operator@pulso.example' }
      expect(await tool('/updates/test', { method: 'POST', body: test })).toEqual(away)
      expect(await tool('/content-problems')).toEqual(away)
    } finally {
      await writeFile(seed, readable)
    }
    const { status, body } = await tool<UpdateChoices>('/updates/choices')
    expect(status).toBe(200)
    expect(body.documents.map((document) => document.id)).toEqual([DOCUMENT])
  })
})
