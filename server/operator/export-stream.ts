/**
 * The export as a stream a response or stdout can take: each page's CSV text, the next page asked
 * of the database only once the one before has been taken. A page waits in the stream while the
 * socket (or pipe) takes the one before it, and no more: pipe() stops reading when the socket's
 * buffer is full and reads again on 'drain', and Readable.from asks its iterator for the next page
 * only when it is read. Memory holds at most three pages (one sent, one waiting, one being read),
 * whatever the waitlist's size or the reader's speed.
 *
 * The buffers those pages passed through (the database's socket reads, the bytes given to the
 * compressor) are freed only when V8 collects its young generation, which in a server that other
 * requests have made large can let tens of megabytes of them pile up: every `collectEvery`
 * characters handed on, the stream asks for a collection (docs/decisions/0104).
 */
import { Readable } from 'node:stream'
import type { ExportPage } from './operator-store.ts'
import { collectYoungGeneration } from './young-collection.ts'

/** About a dozen pages of 500 places: a collection's buffers a few megabytes, its cost about a millisecond. */
export const COLLECT_EVERY = 1024 * 1024

export function exportStream(
  pages: AsyncIterable<ExportPage>,
  { collectEvery = COLLECT_EVERY, collect = collectYoungGeneration }: { collectEvery?: number; collect?: () => void } = {},
): Readable {
  async function* texts() {
    let sinceCollected = 0
    for await (const page of pages) {
      sinceCollected += page.csv.length
      if (sinceCollected >= collectEvery) {
        sinceCollected = 0
        collect()
      }
      yield page.csv
    }
  }
  return Readable.from(texts(), { highWaterMark: 1 })
}
