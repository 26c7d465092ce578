// The real edge functions under Deno (as `supabase functions serve` would run them), against
// a throwaway PostgreSQL database and a real SMTP server: send-welcome-email records and
// delivers, deliver-welcome-emails sweeps the outbox, and each address gets one welcome.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
/* eslint-disable no-restricted-imports -- the test sets the database up with the server's own migrator, as the self-hosted server does */
import { openDatabase, type Database } from '../../../server/db/database.ts'
import { migrate } from '../../../server/db/migrate.ts'
/* eslint-enable no-restricted-imports */
import { startSmtpInbox, type SmtpInbox } from '../_test/smtp-inbox.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../_test/throwaway-postgres.ts'
import { eventually, uniqueAddress } from '../_test/eventually.ts'

const ROOT = resolve(import.meta.dirname, '../../..')
const DENO = resolve(ROOT, 'node_modules/.bin/deno')
/** Deno type-strips without --check, but its first start on a slow machine can still take a while. */
const START_TIMEOUT_MS = 90_000

interface EdgeFunction {
  url: string
  process: ChildProcess
  output: () => string
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise((done) => server.close(done))
  return port
}

async function startFunction(name: string, env: Record<string, string>): Promise<EdgeFunction> {
  const port = await freePort()
  const child = spawn(
    DENO,
    ['run', '--node-modules-dir=manual', '--allow-net', '--allow-env', '--allow-read', `supabase/functions/${name}/index.ts`],
    { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const fn = { url: `http://127.0.0.1:${port}`, process: child, output: () => output }

  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Deno function ${name} exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`)
    }
    try {
      await fetch(fn.url, { method: 'OPTIONS', signal: AbortSignal.timeout(2000) })
      return fn // any HTTP answer means it is serving
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`Deno function ${name} did not answer within ${START_TIMEOUT_MS} ms:\n${output}`)
      }
      await new Promise((done) => setTimeout(done, 200))
    }
  }
}

async function stopFunction(fn: EdgeFunction | undefined) {
  if (!fn || fn.process.exitCode !== null || fn.process.signalCode !== null) return
  const exited = new Promise((done) => fn.process.once('exit', done))
  fn.process.kill('SIGTERM')
  const timer = setTimeout(() => fn.process.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

describe('the Deno edge functions on PostgreSQL', () => {
  let inbox: SmtpInbox
  let database: ThrowawayDatabase
  let db: Database
  let sendWelcome: EdgeFunction
  let deliverWelcomes: EdgeFunction

  beforeAll(async () => {
    inbox = await startSmtpInbox()
    database = await createThrowawayDatabase()
    db = await openDatabase({ databaseUrl: database.url, dataDir: ROOT })
    await migrate(db, resolve(ROOT, 'supabase/migrations'))
    const env = {
      SUPABASE_DB_URL: database.url,
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Pulso <boas-vindas@pulso.test>',
      RESEND_API_KEY: '',
    }
    ;[sendWelcome, deliverWelcomes] = await Promise.all([
      startFunction('send-welcome-email', env),
      startFunction('deliver-welcome-emails', env),
    ])
  }, START_TIMEOUT_MS + 30_000)

  afterAll(async () => {
    await Promise.all([stopFunction(sendWelcome), stopFunction(deliverWelcomes)])
    await db?.close()
    await database?.drop()
    await inbox?.close()
  })

  const signUp = (email: string) =>
    db.transaction(
      (tx) =>
        tx.query(`insert into public.waitlist (email, role, company_size) values ($1, 'Head de Pessoas', 'unknown')`, [email]),
      'anon',
    )

  const invoke = (body: unknown) =>
    fetch(sendWelcome.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer anon',
        apikey: 'anon',
        'x-client-info': 'supabase-js-node',
      },
      body: JSON.stringify(body),
    })

  const deliver = async () => {
    const response = await fetch(deliverWelcomes.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(200)
    return (await response.json()) as { sent: number; retried: number; failed: number; unavailable: boolean }
  }

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

  it('queues a welcome (202) and delivers exactly one email, then answers 200 already_welcomed', async () => {
    const email = uniqueAddress('ana')
    await signUp(email)

    const queued = await invoke({ name: 'Ana Souza', email, role: 'Head de Pessoas', lang: 'en' })
    expect(queued.status).toBe(202)
    expect(await queued.json()).toEqual({ status: 'queued' })

    // The function delivers in the background right away; the sweep sends it if that has not happened yet.
    const swept = await deliver()
    expect(swept.failed).toBe(0)
    expect([0, 1]).toContain(swept.sent)
    const [mail] = await inbox.waitFor(email)
    expect(mail?.envelope.to).toEqual([email])
    expect(mail?.subject).toBe('Ana Souza, your Pulso free trial is reserved')
    expect(mail?.text).toContain('Hi Ana Souza,')
    expect(mail?.text).toContain('"stop"')
    expect(
      await eventually(
        () => welcomeRow(email),
        (row) => row?.status === 'sent',
      ),
    ).toMatchObject({ attempts: 1 })

    const again = await invoke({ name: 'Ana Souza', email, role: 'Head de Pessoas', lang: 'en' })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ status: 'already_welcomed' })
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 })
    expect(inbox.to(email)).toHaveLength(1)
  })

  it('answers 404 and sends nothing for an address not on the waitlist', async () => {
    const email = uniqueAddress('stranger')
    const response = await invoke({ name: 'Eve', email, role: 'CTO' })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_on_waitlist' })
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
    expect(mail?.subject).toBe('Rita, seu teste grátis do Pulso está reservado')
    expect(
      await eventually(
        () => welcomeRow(email),
        (row) => row?.status === 'sent',
      ),
    ).toMatchObject({ attempts: 2 })
    expect(await deliver()).toMatchObject({ sent: 0, failed: 0 })
    expect(inbox.to(email)).toHaveLength(1)
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
