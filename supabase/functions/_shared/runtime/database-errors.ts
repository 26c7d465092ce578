/** Socket errors: the database host refused, dropped or never answered the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'])

/**
 * Whether an error means the database cannot serve right now (stopped, restarting, unreachable,
 * connections dropped or all taken; or out of disk or memory) rather than that the statement was
 * wrong: the caller answers 503 and the same request can succeed once the database is back or has
 * room again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string') {
    // SQLSTATE 08: connection exception; 57P01–57P04: shut down, crashed, starting, database gone;
    // 53000–53300: insufficient resources (a full disk, out of memory, too many connections), which
    // PostgREST also answers 503. Not 53400, a configured limit: the statement's fault, as PostgREST has it.
    if (/^(08|57P0[1-4]$|53[0-3]00$)/.test(code) || SOCKET_CODES.has(code)) return true
  }
  // node-postgres reports a connection it lost, or could not get from its pool in time, without a code.
  const message = error instanceof Error ? error.message : ''
  return /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message)
}
