import type { FastifyBaseLogger } from 'fastify'
import type { Log } from '../../supabase/functions/_shared/runtime/http.ts'

/** The shared functions' log (level, message, details) written to the server's logger. */
export const functionLog =
  (logger: FastifyBaseLogger): Log =>
  (level, message, details) =>
    logger[level](details ?? {}, message)
