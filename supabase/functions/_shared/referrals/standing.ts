import { z } from 'zod'

/** The leaderboard, when marketers turned it on: masked names (null when none can be shown) and credited counts only. */
export const leaderboardSchema = z.array(z.object({ name: z.string().nullable(), credited: z.number().int() }))

/**
 * Where a person stands (SQL `referrals.standing`), as the confirmation page, the status page and
 * the place emails show it: their code, their place while they wait in line (null otherwise), how
 * many wait, their credited and held referrals, the places one referral gains, their language and
 * the leaderboard (null when off).
 */
export const standingSchema = z.object({
  code: z.string().regex(/^[0-9a-z]{8}$/),
  state: z.enum(['waiting', 'invited', 'unconfirmed']),
  place: z.number().int().positive().nullable(),
  waiting: z.number().int(),
  credited: z.number().int(),
  held: z.number().int(),
  placesPerReferral: z.number().int(),
  locale: z.enum(['pt', 'en']),
  leaderboard: leaderboardSchema.nullable(),
})

export type Standing = z.infer<typeof standingSchema>
export type Leaderboard = z.infer<typeof leaderboardSchema>
