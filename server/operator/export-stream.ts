/**
 * The export as a stream a response or stdout can take: each page's CSV text, the next page asked
 * of the database only once the one before has been taken. A page waits in the stream while the
 * socket (or pipe) takes the one before it, and no more: pipe() stops reading when the socket's
 * buffer is full and reads again on 'drain', and Readable.from asks its iterator for the next page
 * only when it is read. Memory holds at most three pages (one sent, one waiting, one being read),
 * whatever the waitlist's size or the reader's speed.
 */
import { Readable } from 'node:stream'
import type { ExportPage } from './operator-store.ts'

export function exportStream(pages: AsyncIterable<ExportPage>): Readable {
  async function* texts() {
    for await (const page of pages) yield page.csv
  }
  return Readable.from(texts(), { highWaterMark: 1 })
}
