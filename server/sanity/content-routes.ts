/**
 * A local stand-in for the parts of Sanity's HTTP API the site uses, so
 * `@sanity/client` and `@sanity/image-url` work unchanged against our own
 * server when no Sanity project is configured:
 *
 * - `GET|POST /v{apiVersion}/data/query/{dataset}` — the query endpoint
 *   (`@sanity/client` with `apiHost` = this server, `useProjectHostname: false`). Stricter than a
 *   public hosted dataset: without the viewer token only the site's own queries run
 *   (site-queries.ts); with it any query, in the bounded worker pool (query-pool.ts).
 * - `GET /images/{projectId}/{dataset}/{sha1}-{w}x{h}.{ext}` — the image CDN
 *   (`@sanity/image-url` with `baseUrl` = this server), with its resizing,
 *   cropping and format parameters (see image-params.ts).
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import isPlainObject from 'is-plain-obj'
import { GroqRequestError, parsePerspective } from './query/groq-query.ts'
import type { QueryErrorDetails, QueryParams } from './query/groq-query.ts'
import { createQueryPool, DEFAULT_QUERY_LIMITS, QueryRefused, type QueryLimits } from './query/query-pool.ts'
import { checkParams, checkQueryText } from './query/query-request.ts'
import { createSiteAnswers, isSiteQuery } from '../site/site-queries.ts'
import type { LocalDataset } from './local-dataset.ts'
import { createImageDelivery, ImageBusyError } from './images/image-delivery.ts'
import type { ImageRenderLimits } from './content-bounds.ts'
import { ImageParamError } from './images/image-params.ts'
import { LOCAL_SYNC_TAG } from './live/live-routes.ts'
import { hasViewerToken } from './viewer-token.ts'

export interface ContentRoutesOptions {
  /** The current dataset; called on every request so seed edits show up (see createLocalDatasetSource). */
  getDataset: () => Promise<LocalDataset> | LocalDataset
  projectId: string
  /** The dataset name clients ask for, e.g. `production`. */
  dataset: string
  /**
   * The token that may read private documents (drafts, preview secrets: every id with a dot),
   * as a Sanity viewer token may. Without it a request sees what a public dataset shows anyone.
   */
  viewerToken?: string
  /** Bounds on every query evaluated for a request; default DEFAULT_QUERY_LIMITS. */
  queryLimits?: QueryLimits
  /** Bounds on image renders (default: DEFAULT_RENDER_LIMITS). */
  images?: ImageRenderLimits
}

interface ErrorBody {
  error: { description: string; type?: string; [key: string]: unknown }
}

/** Renders take about a second each: a client refused for a full queue can try again soon. */
const IMAGE_RETRY_AFTER_SECONDS = 2

const API_VERSION = /^(?:1|X|\d{4}-\d{2}-\d{2})$/

export const contentRoutes: FastifyPluginAsync<ContentRoutesOptions> = async (app, options) => {
  const { getDataset, projectId, dataset, viewerToken } = options
  const limits = options.queryLimits ?? DEFAULT_QUERY_LIMITS
  // The largest POST body a query and its params within their caps could need (JSON's escapes
  // included): a larger one is refused (413) before it is read, let alone parsed on this thread.
  const queryBodyLimit = 4 * limits.maxQueryChars
  const pool = createQueryPool(limits)
  app.addHook('onClose', async () => pool.close())
  const siteAnswer = createSiteAnswers(getDataset)

  // Anything unexpected in these routes (a broken seed file, a body that is not JSON) still
  // answers in the API's error shape, which the client shows; what went wrong inside stays in the log.
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, 413, {
        type: 'requestTooLarge',
        description: `A query request may carry at most ${queryBodyLimit} bytes`,
      })
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500
    if (status >= 500) {
      request.log.error(err)
      return sendError(reply, status, { type: 'serverError', description: 'The content API could not answer this request' })
    }
    return sendError(reply, status, { description: err.message, type: err.name })
  })

  const runQuery = async (
    request: FastifyRequest,
    reply: FastifyReply,
    params: { apiVersion: string; dataset: string },
    input: { query: unknown; params: QueryParams; perspective: string | undefined },
  ) => {
    if (!API_VERSION.test(params.apiVersion)) {
      return sendError(reply, 400, {
        description: `Invalid API version "v${params.apiVersion}": use v1, vX or a date like v2025-02-19`,
      })
    }
    if (params.dataset !== dataset) {
      return sendError(reply, 404, { description: `Dataset "${params.dataset}" not found` })
    }
    const { query } = input
    if (typeof query !== 'string' || query.trim() === '') {
      return sendError(reply, 400, { description: 'The "query" parameter is required' })
    }
    const started = performance.now()
    try {
      const perspective = parsePerspective(input.perspective)
      checkQueryText(query, limits.maxQueryChars)
      checkParams(input.params, limits.maxQueryChars)
      const viewer = hasViewerToken(request.headers.authorization, viewerToken)
      const site = isSiteQuery(query, input.params, perspective)
      if (!viewer && !site) {
        return sendError(reply, 403, {
          type: 'queryNotAllowed',
          description:
            'This server answers only its own site’s queries without a token: arbitrary queries need the viewer token (Authorization: Bearer …)',
        })
      }
      let resultJson: string
      if (site && !viewer) {
        resultJson = await siteAnswer(query, input.params)
      } else {
        const current = await getDataset()
        const outcome = await pool.run({
          documents: current.documents,
          query,
          params: input.params,
          perspective,
          context: { projectId, dataset },
          signal: hangUpSignal(reply),
        })
        if (!outcome.ok) return sendError(reply, outcome.status, outcome.error)
        resultJson = outcome.resultJson
      }
      const ms = Math.round(performance.now() - started)
      return reply
        .header('cache-control', 'no-cache')
        .type('application/json; charset=utf-8')
        .send(
          `{"query":${JSON.stringify(query)},"result":${resultJson},"syncTags":${JSON.stringify([LOCAL_SYNC_TAG])},"ms":${ms}}`,
        )
    } catch (err) {
      if (err instanceof GroqRequestError) return sendError(reply, err.statusCode, err.details)
      if (err instanceof QueryRefused) {
        if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds))
        return sendError(reply, err.status, err.error)
      }
      throw err
    }
  }

  app.get<{ Params: { apiVersion: string; dataset: string }; Querystring: Record<string, string | string[]> }>(
    '/v:apiVersion/data/query/:dataset',
    async (request, reply) => {
      const qs = request.query
      // No prototype: a parameter named `$__proto__` is a parameter like any other.
      const params: QueryParams = Object.create(null) as QueryParams
      for (const [key, raw] of Object.entries(qs)) {
        if (!key.startsWith('$')) continue // other options (tag, returnQuery, resultSourceMap…) are ignored
        if (typeof raw !== 'string') {
          return sendError(reply, 400, { type: 'invalidParameter', description: `Parameter "${key}" given more than once` })
        }
        try {
          params[key.slice(1)] = JSON.parse(raw) as unknown
        } catch {
          return sendError(reply, 400, {
            type: 'invalidParameter',
            description: `Unable to parse value of "${key}=${raw}": parameter values must be JSON (quote strings: ${key}="${raw}")`,
          })
        }
      }
      return runQuery(request, reply, request.params, {
        query: single(qs['query']),
        params,
        perspective: single(qs['perspective']),
      })
    },
  )

  // The client switches to POST for long queries: body `{query, params, options}`.
  app.post<{ Params: { apiVersion: string; dataset: string }; Querystring: Record<string, string | string[]> }>(
    '/v:apiVersion/data/query/:dataset',
    { bodyLimit: queryBodyLimit },
    async (request, reply) => {
      const body: unknown = request.body
      if (!isPlainObject(body)) {
        return sendError(reply, 400, { description: 'Request body must be a JSON object with a "query"' })
      }
      const params = body['params'] ?? {}
      if (!isPlainObject(params)) {
        return sendError(reply, 400, { type: 'invalidParameter', description: '"params" must be a JSON object' })
      }
      const bodyOptions = isPlainObject(body['options']) ? body['options'] : {}
      const bodyPerspective = bodyOptions['perspective'] ?? body['perspective']
      return runQuery(request, reply, request.params, {
        query: body['query'],
        params,
        perspective:
          single(request.query['perspective']) ??
          (Array.isArray(bodyPerspective) ? bodyPerspective.join(',') : single(bodyPerspective)),
      })
    },
  )

  const deliverImage = createImageDelivery(options.images)
  app.get<{
    Params: { projectId: string; dataset: string; file: string }
    Querystring: Record<string, string | string[]>
  }>('/images/:projectId/:dataset/:file', async (request, reply) => {
    const { file } = request.params
    const notFound = () => sendError(reply, 404, { description: `Image "${request.url.split('?')[0]}" not found` })
    if (request.params.projectId !== projectId || request.params.dataset !== dataset) return notFound()
    const current = await getDataset()
    const image = current.images.get(file)
    if (!image) return notFound()
    // A render only this client waited for is dropped when it hangs up.
    const clientGone = hangUpSignal(reply)
    let response
    try {
      response = await deliverImage({
        fileName: file,
        image,
        query: request.query,
        accept: request.headers.accept,
        signal: clientGone,
      })
    } catch (err) {
      if (err instanceof ImageParamError) return sendError(reply, 400, { type: 'invalidParameter', description: err.message })
      if (err instanceof ImageBusyError) {
        reply.header('retry-after', String(IMAGE_RETRY_AFTER_SECONDS))
        return sendError(reply, 503, { type: 'serverBusy', description: err.message })
      }
      // Nobody to answer: the connection is closed.
      if (clientGone.aborted) return sendError(reply, 503, { description: 'The client hung up' })
      if (isFileGone(err)) return notFound()
      throw err
    }
    if (response.variesByAccept) reply.header('vary', 'Accept')
    // The file name holds the content's hash and the query the rest: the answer never changes.
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type(response.mimeType).send(response.bytes)
  })
}

function sendError(reply: FastifyReply, status: number, error: QueryErrorDetails | ErrorBody['error']) {
  const body: ErrorBody = { error: { ...error } }
  return reply.code(status).header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(body)
}

function isFileGone(err: unknown): boolean {
  return err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'EISDIR')
}

/** Aborted when the client goes away before its answer is sent, so its query or render stops too. */
function hangUpSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client hung up'))
  })
  return controller.signal
}

function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}
