// The outbox gauges' reading of updates (migration 20261206100000), on both databases: an update's
// messages are counted as waiting from the moment they are frozen, but a scheduled update's or a
// paused one's have no age, so that they never look like mail that is late; one due and let go has.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'
import { sqlOutboxDepth } from './outbox-depth.ts'

const ACTOR = 'operator-1'

describe.each(databaseKinds)('the outbox depth of updates on $kind', ({ open }) => {
  let database: MigratedDatabase
  const query = async (text: string, values: unknown[] = []) => (await database.db.query(text, values)).rows
  const send = (id: string, sendAt: string | null) =>
    query(`select updates.send($1, $2, 'update-beta', '{}'::jsonb, $3)`, [ACTOR, id, sendAt])
  const depth = async () => (await sqlOutboxDepth(database.db)()).find((row) => row.kind === 'update')

  beforeAll(async () => {
    database = await open()
    await query(
      `insert into public.waitlist (email, role, created_at, confirmed_at, consent_locale, signup_locale)
       select 'reader-' || n || '@empresa.example', 'Team lead', now(), now(), 'pt', 'pt' from generate_series(1, 3) as n`,
    )
  })
  afterAll(async () => database?.close())

  it('counts a scheduled update as waiting, with no age, and none at all before any is sent', async () => {
    expect(await depth()).toEqual({ kind: 'update', pending: 0, oldestSeconds: 0 })
    await send(randomUUID(), new Date(Date.now() + 86_400_000).toISOString())
    expect(await depth()).toEqual({ kind: 'update', pending: 3, oldestSeconds: 0 })
  })

  it('ages an update due now from its send time, and not while it is paused', async () => {
    const id = randomUUID()
    await send(id, null)
    // Frozen a minute ago, as if the sender had been away since.
    await query(`update public.welcome_emails set created_at = created_at - interval '1 minute' where update_id = $1`, [id])
    await query(`update updates.updates set send_at = send_at - interval '1 minute' where id = $1`, [id])
    expect(await depth()).toMatchObject({ pending: 6, oldestSeconds: expect.toSatisfy((s: number) => s >= 60) })
    await query(`select updates.set_paused($1, $2, true)`, [ACTOR, id])
    expect(await depth()).toEqual({ kind: 'update', pending: 6, oldestSeconds: 0 })
  })
})
