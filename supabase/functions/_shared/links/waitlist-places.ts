import type { Log } from '../runtime/http.ts'
import type { Sql } from '../runtime/sql.ts'
import { createReferralStore } from '../referrals/referral-store.ts'

/**
 * Where a place on the waitlist stands (docs/product.md §4.5): `removed` when its person took it off
 * the list and its mailbox is still remembered (nothing of that inbox is on the list), `missing`
 * when nothing is known of it any more.
 */
export type PlaceState = 'unconfirmed' | 'confirmed' | 'removed' | 'missing'

/**
 * The waitlist rows the personal links act on, read and written with the server's own rights.
 * Removing a row removes its welcome too (the outbox row cascades).
 */
export function createWaitlistPlaces(sql: Sql) {
  const referrals = createReferralStore(sql)
  return {
    async state(waitlistId: string): Promise<PlaceState> {
      const { rows } = await sql.query<{ confirmed: boolean | null; removed: boolean }>(
        `select (select confirmed_at is not null from public.waitlist where id = $1) as confirmed,
                guard.place_left($1) as removed`,
        [waitlistId],
      )
      const [row] = rows
      if (row?.confirmed !== null && row?.confirmed !== undefined) return row.confirmed ? 'confirmed' : 'unconfirmed'
      return row?.removed ? 'removed' : 'missing'
    },

    /**
     * Confirms the place, recording the welcome's language and the consent text's version the
     * form sent, and decides the referral it is, if any (docs/product.md §13.2); a place confirmed
     * before keeps its first confirmation (`changed` false).
     */
    async confirm(waitlistId: string): Promise<{ state: PlaceState; changed: boolean }> {
      return (await referrals.confirm(waitlistId))
        ? { state: 'confirmed', changed: true }
        : { state: await this.state(waitlistId), changed: false }
    },

    /**
     * Deletes the place and every other place of the same inbox, with their welcomes, and remembers
     * the mailbox for a while (guard.remove_place): nobody can put the person back on the list, or
     * mail them, right after they left. True when there was a place.
     */
    async remove(waitlistId: string): Promise<boolean> {
      const { rows } = await sql.query<{ removed: boolean }>('select guard.remove_place($1) as removed', [waitlistId])
      return rows[0]?.removed === true
    },

    /**
     * Deletes the places left unconfirmed for longer than `days`; answers how many. The setting
     * local to the statement tells the step counter these are not removals (migration 20261125110100).
     */
    async deleteUnconfirmed(days: number): Promise<number> {
      const { rows } = await sql.query(
        `with expiring as materialized (select set_config('pulso.deleting_places', 'expired', true))
         delete from public.waitlist
         where confirmed_at is null and created_at < now() - make_interval(days => $1::int)
           and exists (select from expiring)
         returning id`,
        [days],
      )
      return rows.length
    },

    /** Forgets the mailboxes that left longer ago than their period (guard.forget_left_mailboxes); answers how many. */
    async forgetLeftMailboxes(): Promise<number> {
      const { rows } = await sql.query<{ forgotten: number }>('select guard.forget_left_mailboxes() as forgotten')
      return rows[0]?.forgotten ?? 0
    },

    /** Forgets where people were seen once the 48 hours of those hashes are over (referrals.forget_sightings). */
    forgetSightings: () => referrals.forgetSightings(),
  }
}

export type WaitlistPlaces = ReturnType<typeof createWaitlistPlaces>

/**
 * The sweep's step after delivery (docs/product.md §4.5): deletes the places never confirmed within
 * `days`, forgets the mailboxes whose removal is no longer remembered and the referral sightings
 * past their 48 hours (§13.2), logging what it did; a
 * failure is logged and left to the next sweep. Answers how many places it deleted.
 */
export async function sweepUnconfirmed(places: WaitlistPlaces, days: number, log: Log): Promise<number> {
  try {
    const deleted = await places.deleteUnconfirmed(days)
    if (deleted > 0) log('info', 'unconfirmed places deleted', { deleted, days })
    const forgotten = await places.forgetLeftMailboxes()
    if (forgotten > 0) log('info', 'mailboxes that left forgotten, their period over', { forgotten })
    await places.forgetSightings()
    return deleted
  } catch (error) {
    log('error', 'deleting unconfirmed places failed, will retry on the next sweep', { error: String(error) })
    return 0
  }
}
