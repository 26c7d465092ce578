// Updates on both databases, at the level of the SQL every sender shares (migration 20261206090000):
// 10,000 people of every kind (confirmed or not, removed, erased, undeliverable, pt and en, several
// sources); an update to "confirmed, en, source newsletter" freezes exactly the people this test
// computes from how it made them, each once, in English, and a second Send under the same id adds
// nothing. Delivered through the outbox's own claim, it goes to each once, behind a welcome, within
// its rate's window, not while paused; a permanent refusal marks the inbox, and the next update
// skips it; the last message recorded completes the update with its webhook event. Narrowed by the page
// signed up on, an update reaches exactly the people whose form was on one of those pages. A message
// recorded before the server's 250 stays unconfirmed until the 250 is recorded (decision 0091); once
// no sender holds it, the update counts it, the sender never takes it again on its own, and the team's
// "send again" queues exactly those.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeliveryPolicy } from '../../supabase/functions/_shared/delivery/delivery-policy.ts'
import { createWelcomeStore, type PendingWelcome } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

const PEOPLE = 10_000
const ACTOR = 'operator-1'
const FILTER = { locales: ['en'], sources: ['newsletter'] }
const SOURCES = ['newsletter', 'linkedin', null, 'Newsletter', 'newsletter'] as const
const policy: DeliveryPolicy = {
  concurrency: 50,
  perSecond: null,
  updatePerSecond: null,
  leaseSeconds: 30,
  retrySeconds: 2,
  maxAttempts: 10,
  maxAgeSeconds: 86_400,
}

/** Each person's traits, from their number alone: the test's own account of who is who. */
const person = (i: number) => ({
  email: `person-${i}@empresa.example`,
  confirmed: i % 10 !== 0,
  // Every seventh has no welcome: the language they confirmed in decides.
  welcomed: i % 7 !== 0,
  locale: i % 3 === 0 ? 'en' : 'pt',
  // The fifth kind came from the newsletter through its referral code, not a utm_source: reported as the code.
  utmSource: i % 5 === 4 ? null : SOURCES[i % 5],
  ref: i % 5 === 4 ? 'friend-newsletter' : null,
  removed: i % 13 === 0,
  erased: i % 17 === 0,
  undeliverable: i % 19 === 0,
  // A page document's id, as the sign-up records it; every fourth signed up where no page was said.
  page: i % 4 === 0 ? null : i % 4 === 1 ? 'homePage' : 'hrLeaders',
})
const everyone = Array.from({ length: PEOPLE }, (_, index) => person(index + 1))
/** A message as the claim answers it, with an update's own fields. */
type Claimed = Omit<PendingWelcome, 'kind'> & { kind: string; updateId?: string; documentId?: string }

const reachable = (p: ReturnType<typeof person>) => p.confirmed && !p.removed && !p.erased && !p.undeliverable
const expected = everyone
  .filter((p) => reachable(p) && p.locale === 'en' && p.utmSource === 'newsletter')
  .map((p) => p.email)
  .sort()

describe.each(databaseKinds)('update recipients on $kind', { timeout: 120_000 }, ({ kind, open }) => {
  let database: MigratedDatabase
  const query = async <T extends object>(text: string, values: unknown[] = []) => (await database.db.query<T>(text, values)).rows
  const store = () => createWelcomeStore(database.db)

  beforeAll(async () => {
    database = await open()
    const rows = everyone.map((p) => [p.email, p.confirmed, p.welcomed, p.locale, p.utmSource, p.ref, p.page])
    await database.db.query(
      `with listed as (
         insert into public.waitlist (email, role, created_at, confirmed_at, consent_locale, signup_locale, utm_source, ref, signup_page)
         select p ->> 0, 'Team lead', now() - make_interval(secs => ord), case when (p ->> 1)::boolean then now() end,
                p ->> 3, 'pt', p ->> 4, p ->> 5, p ->> 6
         from jsonb_array_elements($1::jsonb) with ordinality as people(p, ord)
         returning id, email
       )
       insert into public.welcome_emails (waitlist_id, email, name, locale, status, sent_at)
       select listed.id, listed.email, 'Reader', p ->> 3, 'sent', now()
       from listed join jsonb_array_elements($1::jsonb) as people(p) on p ->> 0 = listed.email
       where (p ->> 2)::boolean`,
      [JSON.stringify(rows)],
    )
    const emails = (pick: (p: ReturnType<typeof person>) => boolean) => everyone.filter(pick).map((p) => p.email)
    await query(`select guard.remove_place(id) from public.waitlist where email = any($1)`, [emails((p) => p.removed)])
    await query(`select operator.erase($2, id) from public.waitlist where email = any($1)`, [
      emails((p) => p.erased && !p.removed),
      ACTOR,
    ])
    await query(`select guard.mark_undeliverable(address, '550 5.1.1 no such user') from unnest($1::text[]) as address`, [
      emails((p) => p.undeliverable),
    ])
    await query(
      `insert into webhooks.endpoints (url, events, secret) values ('https://hooks.example/in', '{waitlist.update.sent}', $1)`,
      [`whsec_${Buffer.alloc(32, 7).toString('base64')}`],
    )
  }, 240_000)
  afterAll(() => database?.close())

  const send = async (id: string, filter: object = FILTER, sendAt: string | null = null) =>
    (
      await query<{ answer: { repeated: boolean; update: { recipients: number; state: string } } }>(
        `select updates.send($1, $2, 'update-launch', $3, $4) as answer`,
        [ACTOR, id, JSON.stringify(filter), sendAt],
      )
    )[0]!.answer
  const frozen = (id: string) =>
    query<{ email: string; locale: string }>(
      `select email, locale from public.welcome_emails where update_id = $1 order by email`,
      [id],
    )
  const progress = async (id: string) =>
    (await query<{ list: Record<string, unknown>[] }>(`select updates.list() as list`))[0]!.list.find((u) => u.id === id) ?? {}
  /** Claims every due message, as a sender does, and records none; answers the ids of update `id`'s. */
  const claimEvery = async (id: string) => {
    const claimed: number[] = []
    for (
      let batch = await store().claimDue(500, policy);
      batch.welcomes.length > 0;
      batch = await store().claimDue(500, policy)
    ) {
      claimed.push(...(batch.welcomes as Claimed[]).filter((mail) => mail.updateId === id).map((mail) => mail.id))
    }
    return claimed
  }
  /** Claims and records every due message, as a sender does, with `outcome` deciding each; answers what was claimed. */
  const deliverAll = async (outcome: (mail: Claimed) => 'sent' | 'rejected' | 'unsendable' = () => 'sent') => {
    const claimed: Claimed[] = []
    for (;;) {
      const welcomes = (await store().claimDue(500, policy)).welcomes as Claimed[]
      if (welcomes.length === 0) return claimed
      claimed.push(...welcomes)
      const failed = welcomes.filter((mail) => outcome(mail) !== 'sent')
      for (const mail of failed) {
        const kind = outcome(mail)
        const reason = kind === 'rejected' ? '550 5.1.1 mailbox unavailable' : 'Message failed: no reply code'
        await store().markFailed(mail.id, reason, kind === 'rejected' ? 'rejected' : 'unsendable', policy)
      }
      await store().markSent(welcomes.filter((mail) => !failed.includes(mail)).map((mail) => mail.id))
    }
  }

  it('counts and freezes exactly the confirmed English readers from the newsletter, each once, in English', async () => {
    expect(expected.length).toBeGreaterThan(100)
    const counted = (await query<{ count: Record<string, number> }>(`select updates.count($1, $2) as count`, [ACTOR, FILTER]))[0]!
      .count
    expect(counted).toEqual({ total: expected.length, pt: 0, en: expected.length })

    const id = randomUUID()
    const first = await send(id)
    expect(first).toMatchObject({ repeated: false, update: { recipients: expected.length, state: 'sending' } })
    const messages = await frozen(id)
    expect(messages.map((m) => m.email)).toEqual(expected)
    expect(new Set(messages.map((m) => m.locale))).toEqual(new Set(['en']))

    // A second click, a retry: the same update, nothing added.
    expect(await send(id)).toMatchObject({ repeated: true, update: { recipients: expected.length } })
    expect(await frozen(id)).toHaveLength(expected.length)

    const claimed = await deliverAll()
    expect(claimed.map((mail) => mail.email).sort()).toEqual(expected)
    expect(claimed.every((mail) => mail.kind === 'update' && mail.updateId === id && mail.documentId === 'update-launch')).toBe(
      true,
    )
    expect(await progress(id)).toMatchObject({ state: 'sent', sent: expected.length, queued: 0, failed: 0, bounced: 0 })
    const events = await query<{ payload: { data: Record<string, unknown> } }>(
      `select payload from webhooks.events where type = 'waitlist.update.sent'`,
    )
    expect(events.map((event) => event.payload.data)).toEqual([
      expect.objectContaining({ updateId: id, recipients: expected.length, sent: expected.length, bounced: 0 }),
    ])
  })

  it('narrows by the page signed up on: exactly the readers whose form was on one of the pages, none whose page was never said', async () => {
    const filter = { pages: ['hrLeaders'], locales: ['pt'] }
    const onPage = everyone.filter((p) => reachable(p) && p.page === 'hrLeaders' && p.locale === 'pt').map((p) => p.email)
    const counted = (await query<{ count: Record<string, number> }>(`select updates.count($1, $2) as count`, [ACTOR, filter]))[0]!
      .count
    expect(counted).toEqual({ total: onPage.length, pt: onPage.length, en: 0 })
    const id = randomUUID()
    expect((await send(id, filter)).update.recipients).toBe(onPage.length)
    expect((await frozen(id)).map((m) => m.email)).toEqual(onPage.sort())

    // Both pages: everyone whose page was said, and no one else.
    const eitherPage = everyone.filter((p) => reachable(p) && p.page !== null).length
    const both = (
      await query<{ count: { total: number } }>(`select updates.count($1, $2) as count`, [
        ACTOR,
        { pages: ['homePage', 'hrLeaders'] },
      ])
    )[0]!
    expect(both.count.total).toBe(eitherPage)
    expect(eitherPage).toBeLessThan(everyone.filter(reachable).length)
    await deliverAll()
  })

  it('marks the inboxes that refuse for good, which the next update and every other mail skip', async () => {
    const id = randomUUID()
    await send(id)
    // One in twenty refuses for good.
    const refusing = new Set(expected.filter((_, index) => index % 20 === 0))
    await deliverAll((mail) => (refusing.has(mail.email) ? 'rejected' : 'sent'))
    expect(await progress(id)).toMatchObject({ sent: expected.length - refusing.size, bounced: refusing.size, state: 'sent' })

    const next = randomUUID()
    expect((await send(next)).update.recipients).toBe(expected.length - refusing.size)
    expect((await frozen(next)).filter((m) => refusing.has(m.email))).toEqual([])
    await deliverAll()

    // A welcome or a place email queued to one of them is given up as it is queued.
    const [refused] = refusing
    await query(
      `insert into public.welcome_emails (waitlist_id, email, name, locale, kind)
       select id, email, 'Reader', 'en', 'standing' from public.waitlist where email = $1`,
      [refused],
    )
    expect(await query(`select status from public.welcome_emails where email = $1 and kind = 'standing'`, [refused])).toEqual([
      { status: 'failed' },
    ])
  })

  it('gives up a message no one could send without marking its inbox: the next update mails it', async () => {
    const id = randomUUID()
    await send(id)
    const unsendable = new Set(expected.filter((_, index) => index % 20 === 1))
    await deliverAll((mail) => (unsendable.has(mail.email) ? 'unsendable' : 'sent'))
    expect(await progress(id)).toMatchObject({ failed: unsendable.size, bounced: 0, state: 'sent' })
    expect(await query(`select e from unnest($1::text[]) as e where guard.undeliverable(e)`, [[...unsendable]])).toEqual([])

    const next = randomUUID()
    await send(next)
    const frozenNext = new Set((await frozen(next)).map((m) => m.email))
    expect([...unsendable].every((email) => frozenNext.has(email))).toBe(true)
    await deliverAll()
  })

  it('refuses a failure kind it does not know rather than retry it silently', async () => {
    await expect(query(`select public.mail_failed(0, 'x', 'bounced', 3, 60, 1)`)).rejects.toThrow(/unknown failure kind bounced/)
  })

  it('records a message sent once, before the server can accept it, and takes it back when the server then refuses it', async () => {
    const id = randomUUID()
    // Fewer than `expected` by now: the inboxes an earlier test marked undeliverable are not in it.
    const { recipients } = (await send(id)).update
    const claimed: Claimed[] = []
    for (
      let batch = await store().claimDue(500, policy);
      batch.welcomes.length > 0;
      batch = await store().claimDue(500, policy)
    ) {
      claimed.push(...(batch.welcomes as Claimed[]))
    }
    expect(claimed).toHaveLength(recipients)
    const [refused, deferred, twice, ...rest] = claimed.map((mail) => mail.id)
    // Two senders holding the same message (a lease ran out): only the first records it, so only it
    // sends; recorded with others in one call (decision 0099), it is left out of what that call answers.
    expect(await store().markSentOnce([twice!], policy.leaseSeconds)).toEqual(new Set([twice]))
    await store().markSent(rest)
    expect(await store().markSentOnce([refused!, twice!, deferred!], policy.leaseSeconds)).toEqual(new Set([refused, deferred]))
    expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients })

    // Refused for what it is after the dot: taken back, then given up; the update completes again with its final counts.
    await store().takeBackSent(refused!, policy.leaseSeconds)
    expect(await store().markFailed(refused!, '554 5.7.1 Message content rejected', 'unsendable', policy)).toBe('failed')
    expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients - 1, failed: 1, queued: 0 })
    // Deferred after the dot: pending again, the update open until it goes.
    await store().takeBackSent(deferred!, policy.leaseSeconds)
    expect(await store().markFailed(deferred!, '451 Try again later', 'deferred', policy)).toBe('pending')
    expect(await progress(id)).toMatchObject({ state: 'sending', sent: recipients - 2, failed: 1, queued: 1 })
    await query(`update public.welcome_emails set next_attempt_at = now() where id = $1`, [deferred])
    expect((await store().claimDue(500, policy)).welcomes.map((mail) => mail.id)).toEqual([deferred])
    expect(await store().markSentOnce([deferred!], policy.leaseSeconds)).toEqual(new Set([deferred]))
    expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients - 1, failed: 1, queued: 0 })
    // One try each, as the outbox counts them: the take-back does not count the recorded one.
    const attempts = async (messageId: number) =>
      (await query<{ attempts: number }>(`select attempts from public.welcome_emails where id = $1`, [messageId]))[0]?.attempts
    expect([await attempts(refused!), await attempts(deferred!)]).toEqual([1, 2])
    // Each completion said what the update's counts were then; the last one is final.
    const events = await query<{ payload: { data: Record<string, unknown> } }>(
      `select payload from webhooks.events where type = 'waitlist.update.sent' and payload -> 'data' ->> 'updateId' = $1 order by created_at`,
      [id],
    )
    expect(events.map((event) => [event.payload.data.sent, event.payload.data.failed])).toEqual([
      [recipients, 0],
      [recipients - 1, 1],
      [recipients - 1, 1],
    ])
  })

  it('sends a welcome before any update, and no more update messages in a window than its rate', async () => {
    const id = randomUUID()
    await send(id)
    await query(`insert into public.waitlist (email, role, confirmed_at) values ('fresh@empresa.example', 'CTO', now())`)
    await query(
      `insert into public.welcome_emails (waitlist_id, email, name, locale)
       select id, email, 'Fresh', 'pt' from public.waitlist where email = 'fresh@empresa.example'`,
    )
    const rated = await store().claimDue(20, { ...policy, updatePerSecond: 5 })
    expect(rated.welcomes.map((mail) => mail.kind)).toEqual(['welcome', 'update', 'update', 'update', 'update', 'update'])
    // The window, not the outbox, ended the batch: room again within its second.
    expect(rated.claimAgainIn).toBeGreaterThan(0)
    expect(rated.claimAgainIn).toBeLessThanOrEqual(1)
    const windowFull = await store().claimDue(20, { ...policy, updatePerSecond: 5 })
    expect(windowFull.welcomes.length).toBeLessThanOrEqual(5)
    await store().release(
      [...rated.welcomes, ...windowFull.welcomes].map((mail) => mail.id),
      0,
      null,
    )
    await deliverAll()
  })

  it('holds a paused update and a scheduled one, and sends each once it may', async () => {
    const paused = randomUUID()
    await send(paused)
    expect(await query(`select updates.set_paused($1, $2, true) as done`, [ACTOR, paused])).toEqual([{ done: true }])
    expect(await store().claimDue(50, policy)).toEqual({ welcomes: [], claimAgainIn: null })
    expect(await store().nextDueIn()).toBeNull()
    expect(await progress(paused)).toMatchObject({ state: 'paused', queued: expected.length - Math.ceil(expected.length / 20) })

    const scheduled = randomUUID()
    const answer = await send(scheduled, FILTER, new Date(Date.now() + 3_600_000).toISOString())
    expect(answer.update.state).toBe('scheduled')
    expect(await store().claimDue(50, policy)).toMatchObject({ welcomes: [] })
    expect(await store().nextDueIn()).toBeGreaterThan(3000)

    await query(`select updates.set_paused($1, $2, false)`, [ACTOR, paused])
    const resumed = await deliverAll()
    expect(new Set(resumed.map((mail) => mail.updateId))).toEqual(new Set([paused]))
    expect(await progress(paused)).toMatchObject({ state: 'sent', queued: 0 })
    expect(await query(`select updates.set_paused($1, $2, true) as done`, [ACTOR, paused])).toEqual([{ done: false }])
  })

  it('counts a reader who leaves after an update as its removal, and an erasure not', async () => {
    const id = randomUUID()
    await send(id, { locales: ['en'], sources: ['linkedin'] })
    await deliverAll()
    const [leaving, erased] = await query<{ id: string }>(
      `select waitlist_id as id from public.welcome_emails where update_id = $1 order by id limit 2`,
      [id],
    )
    await query(`select guard.remove_place($1)`, [leaving!.id])
    await query(`select operator.erase($1, $2)`, [ACTOR, erased!.id])
    expect(await progress(id)).toMatchObject({ removed: 1 })
  })

  it.each(['leaves', 'is erased'])('completes an update whose last queued reader %s before their message goes', async (how) => {
    const id = randomUUID()
    const { recipients } = (await send(id, { locales: ['pt'], sources: ['newsletter'] })).update
    const [last, ...others] = await claimEvery(id)
    await store().markSent(others)
    await store().release([last!], 0, null)
    expect(await progress(id)).toMatchObject({ state: 'sending', queued: 1 })

    const reader = (await query<{ id: string }>(`select waitlist_id as id from public.welcome_emails where id = $1`, [last]))[0]!
    if (how === 'leaves') await query(`select guard.remove_place($1)`, [reader.id])
    else await query(`select operator.erase($1, $2)`, [ACTOR, reader.id])

    expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients - 1, queued: 0 })
    const events = await query<{ payload: { data: Record<string, unknown> } }>(
      `select payload from webhooks.events where type = 'waitlist.update.sent' and payload -> 'data' ->> 'updateId' = $1`,
      [id],
    )
    expect(events.map((event) => event.payload.data.sent)).toEqual([recipients - 1])
  })

  it('keeps a message recorded before its 250 unconfirmed until it comes, and sends again only those the team asks for', async () => {
    const id = randomUUID()
    const { recipients } = (await send(id, { locales: ['en'], sources: ['linkedin'] })).update
    const claimed: number[] = []
    for (
      let batch = await store().claimDue(500, policy);
      batch.welcomes.length > 0;
      batch = await store().claimDue(500, policy)
    ) {
      claimed.push(...batch.welcomes.map((mail) => mail.id))
    }
    expect(claimed).toHaveLength(recipients)
    const [refused, inFlight, cutOff, noAnswer, nowUndeliverable, ...answered] = claimed
    expect(await store().markSentOnce(claimed, policy.leaseSeconds)).toEqual(new Set(claimed))
    // The 250s, recorded in one batch.
    await store().markAccepted(answered)
    // Refused after the dot: taken back and given up as today, never unconfirmed.
    await store().takeBackSent(refused!, policy.leaseSeconds)
    expect(await store().markFailed(refused!, '554 5.7.1 Message content rejected', 'unsendable', policy)).toBe('failed')
    expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients - 1, failed: 1, unconfirmed: 0 })

    // Their sender died (its leases ran out); one's held still, by a sender waiting for its answer.
    const leaseRanOut = [cutOff!, noAnswer!, nowUndeliverable!]
    await query(`update public.welcome_emails set leased_until = now() - interval '1 second' where id = any($1::bigint[])`, [
      leaseRanOut,
    ])
    await store().renewLeases([inFlight!], policy.leaseSeconds)
    expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients - 1, unconfirmed: 3 })
    // The sender never sends an unconfirmed message again on its own: nothing is due.
    expect(await store().claimDue(500, policy)).toEqual({ welcomes: [], claimAgainIn: null })
    // A 250 that comes late still confirms; one recorded twice changes nothing.
    await store().markAccepted([inFlight!, answered[0]!])
    expect(await progress(id)).toMatchObject({ unconfirmed: 3 })

    // The team sends again to the unconfirmed: queued at once, but for a mailbox that refused mail for good since.
    const [address] = await query<{ email: string }>(`select email from public.welcome_emails where id = $1`, [nowUndeliverable])
    await query(`select guard.mark_undeliverable($1, '550 5.1.1 no such user')`, [address!.email])
    expect(await query(`select updates.resend_unconfirmed($1, $2) as queued`, [ACTOR, id])).toEqual([{ queued: 2 }])
    expect(await progress(id)).toMatchObject({
      state: 'sending',
      sent: recipients - 4,
      queued: 2,
      bounced: 1,
      unconfirmed: 0,
    })
    expect(
      await query(
        `select actor, detail from operator.audit where action = 'update.unconfirmed.resent' and detail ->> 'update' = $1`,
        [id],
      ),
    ).toEqual([{ actor: ACTOR, detail: { update: id, queued: 2, bounced: 1 } }])
    const again = await deliverAll()
    expect(again.map((mail) => mail.id).sort()).toEqual([cutOff, noAnswer].sort())
    expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients - 2, failed: 1, bounced: 1, unconfirmed: 0 })
    // Nothing left to send again; no such update answers null.
    expect(await query(`select updates.resend_unconfirmed($1, $2) as queued`, [ACTOR, id])).toEqual([{ queued: 0 }])
    expect(await query(`select updates.resend_unconfirmed($1, $2) as queued`, [ACTOR, randomUUID()])).toEqual([{ queued: null }])
  })

  // Two senders recording an update's last two messages at once, each in a transaction of its own (one
  // connection each: PostgreSQL only). Neither waits for the other's count (decision 0093), so the one
  // that completes the update must see the other's record: the second is held until the first commits.
  it.runIf(kind === 'postgres').each(['claimed', 'still queued'])(
    'completes an update once when its last two messages are recorded at once, the second %s',
    async (second) => {
      const id = randomUUID()
      const { recipients } = (await send(id, { locales: ['pt'], sources: ['linkedin'] })).update
      const claimed = await claimEvery(id)
      expect(claimed).toHaveLength(recipients)
      const [first, last, ...others] = claimed
      await store().markSent(others)
      if (second === 'still queued') await store().release([last!], 0, null)

      let commitFirst!: () => void
      const firstRecorded = new Promise<void>((recorded) => {
        const first$ = database.db.transaction(async (tx) => {
          await tx.query('select public.mail_sent(array[$1]::bigint[])', [first])
          recorded()
          await new Promise<void>((commit) => (commitFirst = commit))
        })
        void first$.catch(() => undefined)
      })
      await firstRecorded
      let secondReturned = false
      const secondDone = database.db
        .transaction((tx) => tx.query('select public.mail_sent(array[$1]::bigint[])', [last]))
        .finally(() => (secondReturned = true))
      // The second must wait for the first (a lock, not the clock); one that decided without it fails below.
      const secondWaits = async () =>
        (
          await query<{ waiting: boolean }>(
            `select exists (select from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
                          and query like '%mail_sent%') as waiting`,
          )
        )[0]!.waiting
      while (!secondReturned && !(await secondWaits())) await new Promise((tick) => setImmediate(tick))
      commitFirst()
      await secondDone

      expect(await progress(id)).toMatchObject({ state: 'sent', sent: recipients, queued: 0 })
      const events = await query<{ payload: { data: Record<string, unknown> } }>(
        `select payload from webhooks.events where type = 'waitlist.update.sent' and payload -> 'data' ->> 'updateId' = $1`,
        [id],
      )
      expect(events.map((event) => event.payload.data.sent)).toEqual([recipients])
    },
  )

  it('refuses a filter it does not know', async () => {
    for (const filter of [
      { page: ['homePage'] },
      { pages: [] },
      { locales: ['fr'] },
      { states: [] },
      { sources: 'newsletter' },
      [],
    ]) {
      await expect(query(`select updates.count($1, $2)`, [ACTOR, JSON.stringify(filter)])).rejects.toThrow()
    }
  })
})
