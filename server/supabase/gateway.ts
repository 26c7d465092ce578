import type { FastifyReply, FastifyRequest } from 'fastify'
import { clientAddress } from '../http/client-address.ts'

/** Headers supabase-js sends; the browser asks before sending them cross-origin. */
const ALLOWED_HEADERS = 'apikey, authorization, x-client-info, content-type, content-profile, accept-profile, prefer'

export async function corsPreflight(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(204)
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'GET, POST, PATCH, DELETE, OPTIONS')
    .header('access-control-allow-headers', ALLOWED_HEADERS)
    .header('access-control-max-age', '86400')
    .send()
}

/** Like Supabase's API gateway: every call carries the project's anon key. */
export function requireApiKey(anonKey: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS') return
    const key = request.headers.apikey ?? request.headers.authorization?.replace(/^Bearer\s+/i, '')
    if (key !== anonKey) {
      return reply
        .code(401)
        .header('access-control-allow-origin', '*')
        .send({
          message: key ? 'Invalid API key' : 'No API key found in request',
          hint: 'Send the anon key in the apikey header.',
        })
    }
  }
}

/** Headers through which a client could claim to be someone else; only the server says who it is. */
const CLIENT_ADDRESS_HEADERS = new Set(['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'forwarded'])

/**
 * The request's headers as the database and the functions see them behind Supabase's gateway
 * (names in lower case), with the client address this server trusts (TRUST_PROXY decides it)
 * as the only forwarding header: whatever the client sent there is dropped.
 */
export function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || CLIENT_ADDRESS_HEADERS.has(name)) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  headers['x-forwarded-for'] = clientAddress(request)
  return headers
}
