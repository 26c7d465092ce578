import { isDatabaseUnavailable } from '../../supabase/functions/_shared/database-errors.ts'

/** PostgREST's error body; supabase-js reads `code`, `message`, `details` and `hint`. */
export interface PostgrestError {
  code: string
  message: string
  details: string | null
  hint: string | null
}

interface PgError {
  code?: string
  message?: string
  detail?: string
  hint?: string
}

/** The HTTP status PostgREST gives each SQLSTATE (docs: "HTTP status codes"), for anon requests. */
function statusFor(code: string): number {
  if (code === '23505' || code === '23503') return 409
  if (code === '42501') return 401
  if (code === '42P01') return 404
  if (/^(22|23)/.test(code)) return 400
  return 500
}

export function fromPgError(error: unknown): { status: number; body: PostgrestError } {
  // PostgREST's own answer while it cannot reach the database; the client may simply try again.
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: postgrestError('PGRST001', 'Database client error. Retrying the connection.') }
  }
  const pgError = error as PgError
  const code = pgError.code ?? 'XX000'
  const status = statusFor(code)
  // A server fault keeps its details in the log, not in the answer.
  const message = status === 500 ? 'Internal error' : (pgError.message ?? 'Error')
  return {
    status,
    body: { code, message, details: status === 500 ? null : (pgError.detail ?? null), hint: pgError.hint ?? null },
  }
}

export const postgrestError = (code: string, message: string, details: string | null = null): PostgrestError => ({
  code,
  message,
  details,
  hint: null,
})
