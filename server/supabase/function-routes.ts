import type { FastifyPluginAsync } from 'fastify'
import { jsonTextNestsDeeperThan } from '../http/json-depth.ts'
import { corsPreflight, forwardedHeaders, requireApiKey } from './gateway.ts'

export interface FunctionRoutesOptions {
  anonKey: string
  /** Edge functions by name: web-standard handlers, the same code Supabase runs under Deno. */
  functions: Record<string, (request: Request) => Promise<Response>>
}

/**
 * The largest body a function call may carry: a welcome request (name, address, role, language,
 * consent version, proof-of-work solution) or a link action is well under 2 KB. Anything larger is
 * refused (413) before it is read, let alone parsed on the request thread (Fastify's default,
 * 1 MiB, let twenty copies of a megabyte of nested brackets hold the page up for over a second).
 */
export const FUNCTION_BODY_LIMIT = 16 * 1024

/**
 * How deep a function call's JSON may nest: a welcome request or a link action is flat. A deeper
 * body is refused before any function parses it: thousands of levels fit in the body limit, and
 * parsing them holds the request thread (measured in docs/decisions/0039-rooms-by-domain.md).
 */
export const FUNCTION_BODY_DEPTH = 8

/** The methods a function may be called with (each function says which it answers itself). */
const FORWARDED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])

/** `POST /functions/v1/{name}`, the path supabase-js's functions.invoke calls. */
export const functionRoutes: FastifyPluginAsync<FunctionRoutesOptions> = async (app, { anonKey, functions }) => {
  // A closed map: a name such as `constructor` or `__proto__` is just another unknown function.
  const handlers = new Map(Object.entries(functions))
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FUNCTION_BODY_LIMIT }, (_request, body, done) => done(null, body))
  app.addHook('onRequest', requireApiKey(anonKey))

  app.all<{ Params: { name: string } }>('/functions/v1/:name', async (request, reply) => {
    if (request.method === 'OPTIONS') return corsPreflight(request, reply)
    const handler = handlers.get(request.params.name)
    if (!handler) return reply.code(404).send({ code: 'NOT_FOUND', message: 'Requested function was not found' })
    // Fetch cannot carry TRACE, TRACK or CONNECT to a handler; no function answers them anyway.
    if (!FORWARDED_METHODS.has(request.method)) {
      return reply
        .code(405)
        .header('allow', [...FORWARDED_METHODS, 'OPTIONS'].join(', '))
        .send({ code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not a method functions answer` })
    }

    const body = request.body instanceof Buffer && request.body.length > 0 ? new Uint8Array(request.body) : undefined
    // Latin-1 reads each byte as one character: the brackets and quotes are ASCII either way.
    if (body && jsonTextNestsDeeperThan(Buffer.from(body).toString('latin1'), FUNCTION_BODY_DEPTH)) {
      return reply
        .code(400)
        .send({ code: 'BODY_TOO_DEEP', message: `A function call's JSON may nest at most ${FUNCTION_BODY_DEPTH} levels` })
    }
    const headers = new Headers(forwardedHeaders(request))
    const response = await handler(
      new Request(new URL(request.url, 'http://localhost'), { method: request.method, headers, ...(body ? { body } : {}) }),
    )
    reply.code(response.status)
    response.headers.forEach((value, name) => void reply.header(name, value))
    return reply.send(Buffer.from(await response.arrayBuffer()))
  })
}
