import type { Log } from './http.ts'
import type { Sql } from './sql.ts'

/** Where a place on the waitlist stands (docs/product.md §4.5). */
export type PlaceState = 'unconfirmed' | 'confirmed' | 'missing'

/**
 * The waitlist rows the personal links act on, read and written with the server's own rights.
 * Removing a row removes its welcome too (the outbox row cascades).
 */
export function createWaitlistPlaces(sql: Sql) {
  return {
    async state(waitlistId: string): Promise<PlaceState> {
      const { rows } = await sql.query<{ confirmed: boolean }>(
        'select confirmed_at is not null as confirmed from public.waitlist where id = $1',
        [waitlistId],
      )
      const [row] = rows
      return row ? (row.confirmed ? 'confirmed' : 'unconfirmed') : 'missing'
    },

    /**
     * Confirms the place, recording the welcome's language and the consent text's version the
     * form sent; a place confirmed before keeps its first confirmation.
     */
    async confirm(waitlistId: string): Promise<PlaceState> {
      const { rows } = await sql.query(
        `update public.waitlist w
         set confirmed_at = now(), consent_locale = e.locale, consent_version = e.consent_version
         from (select $1::uuid as id) target
         left join public.welcome_emails e on e.waitlist_id = target.id
         where w.id = target.id and w.confirmed_at is null
         returning w.id`,
        [waitlistId],
      )
      return rows.length > 0 ? 'confirmed' : this.state(waitlistId)
    },

    /** Deletes the place and its welcome; true when there was one. */
    async remove(waitlistId: string): Promise<boolean> {
      const { rows } = await sql.query('delete from public.waitlist where id = $1 returning id', [waitlistId])
      return rows.length > 0
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
  }
}

export type WaitlistPlaces = ReturnType<typeof createWaitlistPlaces>

/**
 * The sweep's step after delivery (docs/product.md §4.5): deletes the places never confirmed within
 * `days`, logging what it did; a failure is logged and left to the next sweep. Answers how many.
 */
export async function sweepUnconfirmed(places: WaitlistPlaces, days: number, log: Log): Promise<number> {
  try {
    const deleted = await places.deleteUnconfirmed(days)
    if (deleted > 0) log('info', 'unconfirmed places deleted', { deleted, days })
    return deleted
  } catch (error) {
    log('error', 'deleting unconfirmed places failed, will retry on the next sweep', { error: String(error) })
    return 0
  }
}
