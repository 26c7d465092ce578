import type { Sql } from '../runtime/sql.ts'
import { isDisposable, maskedName } from './referral-facts.ts'
import { leaderboardSchema, standingSchema, type Leaderboard, type Standing } from './standing.ts'

/** Who asked, as the site's server saw them: only hashed (docs/decisions/0048-referrals.md), never stored. */
export interface Client {
  address: string
  userAgent: string
}

/**
 * The referral side of the waitlist (supabase/migrations/20261129090000_referrals.sql), read and
 * written with the server's own rights: where a person stands, where they were seen, the
 * leaderboard, and the confirmation that decides a referral.
 */
export function createReferralStore(sql: Sql) {
  return {
    /** Null for a person the list does not hold. */
    async standing(waitlistId: string): Promise<Standing | null> {
      const { rows } = await sql.query<{ standing: unknown }>('select referrals.standing($1) as standing', [waitlistId])
      const standing = rows[0]?.standing
      return standing === null || standing === undefined ? null : standingSchema.parse(standing)
    },

    /** Null when the leaderboard is off. */
    async leaderboard(): Promise<Leaderboard | null> {
      const { rows } = await sql.query<{ leaderboard: unknown }>('select referrals.leaderboard() as leaderboard')
      const board = rows[0]?.leaderboard
      return board === null || board === undefined ? null : leaderboardSchema.parse(board)
    },

    /** Notes where the person was seen, as day-keyed hashes of their browser and network (an unknown address notes nothing). */
    async sight(waitlistId: string, client: Client): Promise<void> {
      await sql.query('select referrals.note_sighting($1, $2::json)', [
        waitlistId,
        JSON.stringify({ 'x-forwarded-for': client.address, 'user-agent': client.userAgent }),
      ])
    },

    /**
     * Confirms the place and, in the same transaction, decides the referral it is (if any): the
     * facts SQL cannot judge, a disposable domain and the masked name, are read here from the
     * place's address and the name its welcome greeted. False when it was confirmed before or is gone.
     */
    async confirm(waitlistId: string): Promise<boolean> {
      const { rows: places } = await sql.query<{ email: string; name: string | null }>(
        `select w.email, e.name from public.waitlist as w
         left join public.welcome_emails as e on e.waitlist_id = w.id and e.kind = 'welcome'
         where w.id = $1 and w.confirmed_at is null`,
        [waitlistId],
      )
      const place = places[0]
      if (!place) return false
      const { rows } = await sql.query<{ confirmed: boolean }>('select referrals.confirm_place($1, $2, $3) as confirmed', [
        waitlistId,
        isDisposable(place.email),
        place.name === null ? null : maskedName(place.name),
      ])
      return rows[0]?.confirmed === true
    },

    /** Forgets sightings past their 48 hours (the sweep's step); answers how many. */
    async forgetSightings(): Promise<number> {
      const { rows } = await sql.query<{ forgotten: number }>('select referrals.forget_sightings() as forgotten')
      return rows[0]?.forgotten ?? 0
    },
  }
}

export type ReferralStore = ReturnType<typeof createReferralStore>
