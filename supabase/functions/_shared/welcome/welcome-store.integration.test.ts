// The welcome outbox's SQL on both databases the server runs on: claims (fresh first, each once,
// within a shared rate), leases, backoff, giving up, and taking back a dead sender's leases.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
/* eslint-disable no-restricted-imports -- the test sets the database up with the server's own migrator, as the self-hosted server does */
import { openDatabase, type Database } from '../../../../server/db/database.ts'
import { migrate } from '../../../../server/db/migrate.ts'
/* eslint-enable no-restricted-imports */
import { createThrowawayDatabase } from '../../../../test/database/throwaway-postgres.ts'
import type { DeliveryPolicy } from '../delivery/delivery-policy.ts'
import { createWelcomeStore, type WelcomeStore } from './welcome-store.ts'

const policy: DeliveryPolicy = {
  concurrency: 5,
  perSecond: null,
  updatePerSecond: null,
  leaseSeconds: 10,
  retrySeconds: 2,
  maxAttempts: 3,
  maxAgeSeconds: 3600,
}

const variants = [
  {
    name: 'PGlite',
    open: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pulso-outbox-'))
      const db = await openDatabase({ databaseUrl: undefined, dataDir: dir })
      return { db, drop: () => rm(dir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const database = await createThrowawayDatabase(inject('testDatabaseUrl'))
      return { db: await openDatabase({ databaseUrl: database.url, dataDir: '' }), drop: database.drop }
    },
  },
]

/** The client every welcome request here comes from. */
const client = new Headers({ 'x-forwarded-for': '203.0.113.7' })

describe.each(variants)('the welcome outbox on $name', ({ open }) => {
  let db: Database
  let drop: () => Promise<void>
  let store: WelcomeStore

  beforeAll(async () => {
    ;({ db, drop } = await open())
    await migrate(db, resolve(import.meta.dirname, '../../../migrations'))
    store = createWelcomeStore(db)
    // These tests queue many welcomes from one client: its request limits are not what they test.
    await db.query('update guard.limits set max_hits = 1000000')
  })

  afterAll(async () => {
    await db?.close()
    await drop?.()
  })

  beforeEach(async () => {
    await db.query('delete from public.waitlist')
    await db.query('update public.welcome_send_rate set allowance_at = now()')
  })

  let next = 0
  /** Queues a welcome; `attempts` and `dueIn` (seconds, negative: overdue) shape its history. */
  async function queue({ attempts = 0, dueIn = 0, ageSeconds = 0 } = {}): Promise<number> {
    const email = `person-${(next += 1)}@empresa.com`
    await db.query(`insert into public.waitlist (email, role) values ($1, 'CTO')`, [email])
    expect(await store.record({ email: email.toUpperCase(), name: 'Ana', locale: 'pt' }, client)).toEqual({ outcome: 'recorded' })
    const updated = await db.query<{ id: number }>(
      `update public.welcome_emails
       set attempts = $2, next_attempt_at = now() + make_interval(secs => $3), created_at = now() - make_interval(secs => $4)
       where email = $1 returning id`,
      [email, attempts, dueIn, ageSeconds],
    )
    return Number(updated.rows[0]?.id)
  }

  const row = async (id: number) =>
    (
      await db.query<{
        status: string
        attempts: number
        last_error: string | null
        leased: boolean
        failed: boolean
        due_in: number
      }>(
        `select status, attempts, last_error, leased_until is not null as leased, failed_at is not null as failed,
                extract(epoch from next_attempt_at - now())::float8 as due_in
         from public.welcome_emails where id = $1`,
        [id],
      )
    ).rows[0]

  const ids = (claim: { welcomes: { id: number }[] }) => claim.welcomes.map((welcome) => Number(welcome.id))

  it('records a welcome only for an address on the waitlist, and only once', async () => {
    await db.query(`insert into public.waitlist (email, role) values ('Listed@Empresa.com', 'CTO')`)
    expect(await store.record({ email: 'stranger@empresa.com', name: 'Eve', locale: 'en' }, client)).toEqual({
      outcome: 'not_listed',
    })
    expect(await store.record({ email: 'listed@empresa.com', name: 'Lia', locale: 'en' }, client)).toEqual({
      outcome: 'recorded',
    })
    expect(await store.record({ email: 'LISTED@empresa.com', name: 'Lia', locale: 'pt' }, client)).toEqual({
      outcome: 'already',
    })
    // Mailed as the waitlist keeps it: the domain lower-cased, the local part as typed.
    const { rows } = await db.query('select email, name, locale from public.welcome_emails')
    expect(rows).toEqual([{ email: 'Listed@empresa.com', name: 'Lia', locale: 'en' }])
  })

  it('hands each due welcome to one sender, fresh ones first, leased until the lease ends', async () => {
    const retried = await queue({ attempts: 2, dueIn: -60 })
    const fresh = [await queue(), await queue(), await queue()]
    const later = await queue({ dueIn: 60 })

    const [first, second] = await Promise.all([store.claimDue(2, policy), store.claimDue(2, policy)])
    expect([...ids(first), ...ids(second)].sort()).toEqual([...fresh, retried].sort())
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(4)
    const third = await store.claimDue(2, policy)
    expect(third).toEqual({ welcomes: [], claimAgainIn: null })

    const sequential = await (async () => {
      await db.query('update public.welcome_emails set leased_until = null, next_attempt_at = now() where id <> $1', [later])
      return store.claimDue(10, policy)
    })()
    expect(ids(sequential)).toEqual([...fresh, retried])
    expect(sequential.welcomes[0]).toEqual({
      id: fresh[0],
      kind: 'welcome',
      inviteCode: null,
      waitlistId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: expect.any(String),
      name: 'Ana',
      locale: 'pt',
      attempts: 0,
      // When it was queued (a place email's Message-ID carries it), and no standing: a welcome shows no place.
      queuedAt: expect.any(Number),
      standing: null,
    })
    expect(sequential.claimAgainIn).toBeNull()
    expect(await row(retried)).toMatchObject({ status: 'pending', leased: true, due_in: expect.closeTo(10, 0) })
  })

  it('hands out welcomes before the invitations a wave queued, each invitation with its code', async () => {
    const welcomed = [await queue(), await queue()]
    await db.query(`update public.welcome_emails set status = 'sent'`)
    await db.query('update public.waitlist set confirmed_at = now()')
    await db.query(`select invites.send_wave('pTest', gen_random_uuid(), 2)`)
    const newcomer = await queue()

    // One at a time, as under the mail provider's rate: the welcome goes first, though queued last.
    expect(ids(await store.claimDue(1, policy))).toEqual([newcomer])
    const invitations = await store.claimDue(10, policy)
    const { rows } = await db.query<{ waitlistId: string; code: string }>(
      `select e.waitlist_id as "waitlistId", i.code from public.welcome_emails e
       join invites.invitations i on i.waitlist_id = e.waitlist_id where e.id = any($1) order by e.id`,
      [welcomed],
    )
    expect(invitations.welcomes.map(({ kind, waitlistId, inviteCode }) => ({ kind, waitlistId, code: inviteCode }))).toEqual(
      rows.map((row) => ({ kind: 'invitation', ...row })),
    )
  })

  it('says to claim again at once while batches come back full', async () => {
    await queue()
    await queue()
    await queue()
    expect((await store.claimDue(2, policy)).claimAgainIn).toBe(0)
    expect((await store.claimDue(2, policy)).claimAgainIn).toBeNull()
  })

  it('keeps every sender together within the rate: one second’s worth at once, then one more per 1/rate', async () => {
    for (let i = 0; i < 12; i += 1) await queue()
    const limited = { ...policy, perSecond: 5 }
    const first = await store.claimDue(10, limited)
    expect(first.welcomes).toHaveLength(5)
    expect(first.claimAgainIn).toBeGreaterThan(0)
    expect(first.claimAgainIn).toBeLessThanOrEqual(0.2)
    const other = await store.claimDue(10, limited)
    expect(other.welcomes.length).toBeLessThanOrEqual(1)
    expect(other.claimAgainIn).toBeGreaterThan(0)
  })

  it('renews the leases of welcomes still held, never of one already recorded', async () => {
    const [held, recorded] = [await queue(), await queue()]
    await store.claimDue(5, { ...policy, leaseSeconds: 1 })
    await store.markSent([recorded])
    await store.renewLeases([held, recorded], 30)
    expect(await row(held)).toMatchObject({ leased: true, due_in: expect.closeTo(30, 0) })
    expect(await row(recorded)).toMatchObject({ status: 'sent', attempts: 1, leased: false })
  })

  it('backs off a deferred welcome, doubling from retrySeconds up to 15 times it, give or take a fifth', async () => {
    const generous = { ...policy, maxAttempts: 100 }
    const first = await queue()
    const tenth = await queue({ attempts: 9 })
    await store.claimDue(5, policy)
    expect(await store.markFailed(first, '451 later', 'deferred', generous)).toBe('pending')
    expect(await store.markFailed(tenth, '451 later', 'deferred', generous)).toBe('pending')
    const firstRow = await row(first)
    expect(firstRow).toMatchObject({ status: 'pending', attempts: 1, last_error: '451 later', leased: false })
    expect(firstRow?.due_in).toBeGreaterThan(2 * 0.8 - 0.5)
    expect(firstRow?.due_in).toBeLessThan(2 * 1.2)
    const tenthRow = await row(tenth)
    expect(tenthRow?.due_in).toBeGreaterThan(30 * 0.8 - 0.5)
    expect(tenthRow?.due_in).toBeLessThan(30 * 1.2)
  })

  it('gives up on a rejected welcome at once, and on a deferred one after its last try or past its age', async () => {
    const rejected = await queue()
    const lastTry = await queue({ attempts: 2 })
    const old = await queue({ ageSeconds: 7200 })
    expect(await store.markFailed(rejected, '550 No such user', 'rejected', policy)).toBe('failed')
    expect(await store.markFailed(lastTry, '451 later', 'deferred', policy)).toBe('failed')
    expect(await store.markFailed(old, '451 later', 'deferred', policy)).toBe('failed')
    expect(await row(rejected)).toMatchObject({ status: 'failed', attempts: 1, last_error: '550 No such user', failed: true })
    expect(await row(lastTry)).toMatchObject({ status: 'failed', attempts: 3, failed: true })
    expect(await row(old)).toMatchObject({ status: 'failed', attempts: 1 })
    expect(await store.claimDue(5, policy)).toEqual({ welcomes: [], claimAgainIn: null })
    expect(await store.nextDueIn()).toBeNull()
    expect(await store.counts()).toEqual({ pending: 0, failed: 3, oldestPendingSeconds: null })
  })

  it('gives welcomes back without counting a try', async () => {
    const [later, now] = [await queue(), await queue()]
    await store.claimDue(5, policy)
    await store.release([later], 2, 'connect ECONNREFUSED')
    await store.release([now], 0, null)
    expect(await row(later)).toMatchObject({
      attempts: 0,
      leased: false,
      last_error: 'connect ECONNREFUSED',
      due_in: expect.closeTo(2, 0),
    })
    expect(ids(await store.claimDue(5, policy))).toEqual([now])
    expect(await store.nextDueIn()).toBeCloseTo(2, 0)
  })

  it('takes back every lease at once, leaving backoffs as they are', async () => {
    const [leased, backedOff] = [await queue(), await queue({ attempts: 1, dueIn: 20 })]
    await store.claimDue(5, policy)
    expect(await store.releaseAbandoned()).toBe(1)
    expect(await row(leased)).toMatchObject({ leased: false, due_in: expect.closeTo(0, 0) })
    expect(await row(backedOff)).toMatchObject({ leased: false, due_in: expect.closeTo(20, 0) })
    expect(await store.counts()).toEqual({ pending: 2, failed: 0, oldestPendingSeconds: expect.any(Number) })
  })
})
