/**
 * The values a request may carry into the database, as zod types (docs/decisions/0065-launch-inputs-parsed-at-the-route.md):
 * text that PostgreSQL can store as it was sent, and days that are days of the calendar. A NUL is
 * refused by every `text` column (PostgreSQL answers an error, not a refusal), and a lone surrogate
 * half would reach the database as U+FFFD: both are the client's mistake, so a 400 with the reason.
 */
import { z } from 'zod'

/** In a `u` pattern a well-formed pair is one code point, so only a half alone is a surrogate. */
const LONE_SURROGATE = /\p{Surrogate}/u

/** Text of at most `max` characters with no NUL and no lone surrogate half; trimmed unless `trim` is false. */
export function text(max: number, { trim = true }: { trim?: boolean } = {}) {
  const base = z.string()
  return (trim ? base.trim() : base)
    .max(max)
    .refine((value) => !value.includes('\0'), 'must not hold a NUL character (\\u0000)')
    .refine((value) => !LONE_SURROGATE.test(value), 'must not hold a lone surrogate (half of a UTF-16 pair)')
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether `value` (YYYY-MM-DD) names a day of the calendar, year 1 to 9999: not 2026-02-30, nor year 0. */
function isCalendarDay(value: string): boolean {
  const [, year, month, day] = DAY.exec(value)?.map(Number) ?? []
  if (year === undefined || month === undefined || day === undefined || year < 1) return false
  // setUTCFullYear, unlike Date.UTC, does not read years below 100 as 19xx.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A UTC day as YYYY-MM-DD that exists in the calendar. */
export const calendarDay = z
  .string()
  .regex(DAY, 'a day as YYYY-MM-DD')
  .refine(isCalendarDay, 'a day of the calendar (no 30 February, no year 0)')
