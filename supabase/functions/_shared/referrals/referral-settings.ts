import type { Log } from '../runtime/http.ts'
import type { Sql } from '../runtime/sql.ts'
import type { StandingCopyContent } from './standing-copy.ts'

/** The code's rules when the content has no Referrals document: 10 places a referral, no leaderboard (docs/product.md §13.3). */
export const DEFAULT_PLACES_PER_REFERRAL = 10
const MAX_PLACES_PER_REFERRAL = 1000

/**
 * The sweep's step (docs/product.md §13.3): writes what marketers set in Sanity (places per credited
 * referral, the leaderboard switch) where the ranking, the waves and the status pages read it
 * (referrals.settings), so all of them follow one value. Content that cannot be read changes
 * nothing; a value the Studio would refuse (an import can bring anything) falls back to the code's.
 */
export async function noteReferralSettings(
  sql: Sql,
  content: () => Promise<StandingCopyContent | undefined>,
  log: Log,
): Promise<void> {
  try {
    const document = (await content())?.referrals
    if (document === undefined) return
    const places = document?.placesPerReferral
    const valid = Number.isInteger(places) && (places as number) >= 0 && (places as number) <= MAX_PLACES_PER_REFERRAL
    await sql.query('select referrals.note_settings($1, $2)', [
      valid ? places : DEFAULT_PLACES_PER_REFERRAL,
      document?.leaderboard === true,
    ])
  } catch (error) {
    log('warn', 'the referral settings were not recorded, will retry on the next sweep', {
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
