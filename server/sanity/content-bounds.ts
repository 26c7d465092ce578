/**
 * The bounds on the public content endpoints, with their defaults: what one image render may
 * cost and how many run, how many live streams stay open. config.ts reads each from the
 * environment (docs/operations.md, "Limits"; decisions 0029, 0030).
 */
import type { RequestLimit } from '../config.ts'

export interface ImageRenderLimits {
  /** Renders running at once; more wait in a queue of `queued`, and beyond that get a 503. */
  atOnce: number
  queued: number
  /** The most one render may cost, in pixels weighted by format (see planTransform); more is a 400. */
  maxCost: number
  /** A render still running after this long is stopped and answered with 503. */
  timeoutSeconds: number
}

/**
 * One render at a time leaves the other core (and three of libuv's four threads) to pages and
 * files; a queue of 8 is a few seconds of renders; 8 million weighted pixels is a 2828² WebP (about
 * 0.6 s here) or a 300–565² AVIF, far beyond what the page asks for, and keeps eight such renders in
 * a row within 200 MB of memory on a busy machine (17 million, a 4096² WebP, did not). Measured in
 * docs/decisions/0029-bounded-image-renders.md.
 */
export const DEFAULT_RENDER_LIMITS: ImageRenderLimits = { atOnce: 1, queued: 8, maxCost: 8e6, timeoutSeconds: 10 }

export interface LiveStreamLimits {
  /** Streams one client address holds open at once. */
  perClient: number
  /** Streams open at once in all: each is a socket, and the process has a limit on open files. */
  total: number
  /** A stream that has sent no event for this long is ended; EventSource opens a new one by itself. */
  idleMs: number
}

/** A person with a few tabs; well below the usual file limit (1,024 at least); 15 minutes. */
export const DEFAULT_STREAM_LIMITS: LiveStreamLimits = { perClient: 8, total: 1000, idleMs: 15 * 60_000 }

/** The endpoints with a request rate per client of their own. */
export type ContentEndpoint = 'query' | 'images' | 'live'

/**
 * Requests per client address: a page view makes a handful of queries, a few image requests and
 * one stream, so these leave room for a whole office behind one address and for the end-to-end
 * suite (hundreds of page views from 127.0.0.1), while a script looping on one address is cut off.
 */
export const DEFAULT_RATES: Record<ContentEndpoint, RequestLimit> = {
  query: { maxHits: 600, perSeconds: 60 },
  images: { maxHits: 600, perSeconds: 60 },
  live: { maxHits: 120, perSeconds: 60 },
}
