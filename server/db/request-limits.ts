import type { RequestLimit, ServerConfig } from '../config.ts'
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'

/**
 * Writes the limits the environment sets into guard.limits, where the pre-request hook and the
 * welcome function read them; limits the environment leaves unset keep the database's values.
 */
export async function applyRequestLimits(sql: Sql, limits: ServerConfig['abuse']['limits']): Promise<void> {
  for (const [bucket, limit] of Object.entries(limits) as [string, RequestLimit][]) {
    const { rows } = await sql.query(
      `update guard.limits set max_hits = $2, per = make_interval(secs => $3) where bucket = $1 returning bucket`,
      [bucket, limit.maxHits, limit.perSeconds],
    )
    if (rows.length === 0) throw new Error(`The database has no request limit named ${bucket}; are its migrations applied?`)
  }
}

/** Writes REMOVAL_MEMORY_DAYS into guard.settings, where the removal and the insert trigger read it. */
export async function applyRemovalMemory(sql: Sql, days: number): Promise<void> {
  const { rows } = await sql.query(
    `update guard.settings set period = make_interval(days => $1) where name = 'removal_memory' returning name`,
    [days],
  )
  if (rows.length === 0) throw new Error('The database has no removal_memory setting; are its migrations applied?')
}

/** Writes REFERRAL_CREDITS_PER_HOUR and REFERRAL_EMAIL_GAP_MINUTES into referrals.settings, where the credit and the place emails read them. */
export async function applyReferralLimits(
  sql: Sql,
  { creditsPerHour, emailGapMinutes }: ServerConfig['referrals'],
): Promise<void> {
  const { rows } = await sql.query(
    `update referrals.settings set credits_per_hour = $1, email_gap = make_interval(mins => $2) returning credits_per_hour`,
    [creditsPerHour, emailGapMinutes],
  )
  if (rows.length === 0) throw new Error('The database has no referral settings; are its migrations applied?')
}
