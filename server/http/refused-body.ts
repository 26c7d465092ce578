import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

/**
 * The largest declared body a refusal (413) reads to its end before answering. A larger one is
 * answered at once and its connection cut: reading it would be work for nobody.
 */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024

/**
 * A body refused by its declared length is refused before it is read. Answering then and closing
 * (Fastify's way) resets the connection while the client is still writing, and a client that had
 * not yet read the answer sees a broken pipe instead of the 413. So, like nginx's lingering close,
 * a refused body up to LINGER_MAX_BYTES is read and thrown away first; the request timeout still
 * bounds how long that may take, and nothing of it is kept.
 */
export function lingerOnRefusedBodies(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 413) return payload
    const declared = Number(request.headers['content-length'])
    if (Number.isInteger(declared) && declared <= LINGER_MAX_BYTES) await readToEnd(request.raw)
    return payload
  })
}

function readToEnd(body: IncomingMessage) {
  return new Promise<void>((resolve) => {
    if (body.complete || body.destroyed) return resolve()
    body.once('end', resolve)
    body.once('close', resolve)
    body.resume()
  })
}
