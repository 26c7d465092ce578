import { describe, expect, it } from 'vitest'
import { createLruCache } from './lru-cache.ts'

const bytes = (length: number) => new Uint8Array(length)

describe('createLruCache', () => {
  it('evicts the least recently used entry past the entry limit', () => {
    const cache = createLruCache<Uint8Array>({ maxEntries: 2, maxBytes: 1000 })
    cache.set('a', bytes(1))
    cache.set('b', bytes(1))
    expect(cache.get('a')).toBeDefined() // now b is the oldest
    cache.set('c', bytes(1))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
    expect(cache.size).toBe(2)
  })

  it('keeps the total bytes under the limit, and never keeps a value bigger than all of it', () => {
    const cache = createLruCache<Uint8Array>({ maxEntries: 100, maxBytes: 10 })
    cache.set('a', bytes(4))
    cache.set('b', bytes(4))
    cache.set('c', bytes(4))
    expect(cache.get('a')).toBeUndefined()
    expect(cache.bytes).toBe(8)

    cache.set('huge', bytes(11))
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.bytes).toBe(8)
  })

  it('replaces a key without counting its old bytes', () => {
    const cache = createLruCache<Uint8Array>({ maxEntries: 10, maxBytes: 10 })
    cache.set('a', bytes(6))
    cache.set('a', bytes(3))
    expect(cache.bytes).toBe(3)
    expect(cache.get('a')?.byteLength).toBe(3)
  })
})
