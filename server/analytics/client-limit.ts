/**
 * How many requests of one client are counted (docs/operations.md, "Analytics and privacy"): at most `maxHits`
 * per window of `perSeconds`, per client address (IPv6 per /64), in a fixed window. Past it the page
 * is still served, only not counted, so a flood from one address costs a lookup here and nothing
 * more. Counters are kept for the most recently seen addresses only, so memory stays bounded.
 */
import { normalizeIP } from '@fastify/rate-limit'
import { LRUCache } from 'lru-cache'
import type { RequestLimit } from '../config.ts'

/** About 100 bytes each. */
const CLIENTS_KEPT = 30_000

export function createClientLimit({ maxHits, perSeconds }: RequestLimit) {
  const windows = new LRUCache<string, { hits: number; endsAt: number }>({ max: CLIENTS_KEPT })
  return {
    /** True when this request of `address` at `nowMs` is within the limit (and counts against it). */
    take(address: string, nowMs: number): boolean {
      const key = normalizeIP(address)
      const window = windows.get(key)
      if (!window || window.endsAt <= nowMs) {
        windows.set(key, { hits: 1, endsAt: nowMs + perSeconds * 1000 })
        return true
      }
      window.hits += 1
      return window.hits <= maxHits
    },
  }
}

export type ClientLimit = ReturnType<typeof createClientLimit>
