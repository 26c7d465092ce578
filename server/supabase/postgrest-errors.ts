import { isDatabaseUnavailable } from '../../supabase/functions/_shared/runtime/database-errors.ts'

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

export interface PostgrestAnswer {
  status: number
  headers: Record<string, string>
  body: PostgrestError
}

/**
 * A function raised SQLSTATE 'PGRST' to choose the answer itself: its message is the JSON body
 * ({code, message, details?, hint?}) and its detail the JSON {status, headers?}, as PostgREST
 * reads them (docs: "Errors", "Add HTTP Headers with RAISE"). Unreadable JSON is PostgREST's PGRST121.
 */
function fromRaisedAnswer(pgError: PgError): PostgrestAnswer {
  try {
    const body = JSON.parse(pgError.message ?? '') as Partial<PostgrestError>
    const detail = JSON.parse(pgError.detail ?? '') as { status?: unknown; headers?: unknown }
    if (typeof body.code !== 'string' || typeof body.message !== 'string' || typeof detail.status !== 'number') throw new Error()
    const headers = Object.fromEntries(
      Object.entries((detail.headers ?? {}) as Record<string, unknown>).map(([name, value]) => [name, String(value)]),
    )
    return {
      status: detail.status,
      headers,
      body: { code: body.code, message: body.message, details: body.details ?? null, hint: body.hint ?? null },
    }
  } catch {
    return {
      status: 500,
      headers: {},
      body: postgrestError('PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error'),
    }
  }
}

export function fromPgError(error: unknown): PostgrestAnswer {
  const pgError = error as PgError
  // Out of disk, memory or connections: PostgREST's 503 with the SQLSTATE, but not PostgreSQL's
  // message, which names the database's files.
  if (isDatabaseUnavailable(error) && pgError.code?.startsWith('53')) {
    return {
      status: 503,
      headers: {},
      body: postgrestError(pgError.code, 'The database cannot take this request now. Try again later.'),
    }
  }
  // PostgREST's own answer while it cannot reach the database; the client may simply try again.
  if (isDatabaseUnavailable(error)) {
    return { status: 503, headers: {}, body: postgrestError('PGRST001', 'Database client error. Retrying the connection.') }
  }
  if (pgError.code === 'PGRST') return fromRaisedAnswer(pgError)
  const code = pgError.code ?? 'XX000'
  const status = statusFor(code)
  // A server fault keeps its details in the log, not in the answer.
  const message = status === 500 ? 'Internal error' : (pgError.message ?? 'Error')
  return {
    status,
    headers: {},
    body: { code, message, details: status === 500 ? null : (pgError.detail ?? null), hint: pgError.hint ?? null },
  }
}

export const postgrestError = (code: string, message: string, details: string | null = null): PostgrestError => ({
  code,
  message,
  details,
  hint: null,
})
