/**
 * A least-recently-used cache bounded by entry count and total bytes, so the
 * transformed images it keeps cannot grow the server's memory without limit.
 */
export interface LruCache<V extends { byteLength: number }> {
  get(key: string): V | undefined
  /** Stores the value, evicting the least recently used; a value over the byte limit is not kept. */
  set(key: string, value: V): void
  readonly size: number
  readonly bytes: number
}

export function createLruCache<V extends { byteLength: number }>(limits: { maxEntries: number; maxBytes: number }): LruCache<V> {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest first.
  const entries = new Map<string, V>()
  let bytes = 0

  const remove = (key: string) => {
    const value = entries.get(key)
    if (value === undefined) return
    entries.delete(key)
    bytes -= value.byteLength
  }

  return {
    get(key) {
      const value = entries.get(key)
      if (value !== undefined) {
        entries.delete(key)
        entries.set(key, value)
      }
      return value
    },
    set(key, value) {
      remove(key)
      if (value.byteLength > limits.maxBytes) return
      entries.set(key, value)
      bytes += value.byteLength
      for (const oldest of entries.keys()) {
        if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break
        remove(oldest)
      }
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
  }
}
