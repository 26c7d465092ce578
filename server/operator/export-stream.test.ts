// The export's stream asks for a page only once the one before has been taken: a reader as slow
// as it likes never makes the server hold more than a few pages. And it has V8 collect its young
// generation as the text goes, so the buffers of pages already sent do not pile up (decision 0104).
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { exportStream } from './export-stream.ts'
import type { ExportPage } from './operator-store.ts'

describe('exportStream', () => {
  it('reads the next page only as the reader takes the ones before, and passes every page in order', async () => {
    const PAGES = 40
    let asked = 0
    let taken = 0
    let mostAhead = 0
    async function* pages(): AsyncGenerator<ExportPage> {
      for (let n = 0; n < PAGES; n++) {
        asked += 1
        mostAhead = Math.max(mostAhead, asked - taken)
        yield { csv: `${n}:${'x'.repeat(64 * 1024)}\n`, rows: 1, confirmed: 0, after: n }
      }
    }
    const received: string[] = []
    // A reader that takes a chunk a turn of the event loop, its buffer one chunk deep.
    const slowReader = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        taken += 1
        received.push(chunk.toString().split(':')[0]!)
        setImmediate(done)
      },
    })
    await pipeline(exportStream(pages()), slowReader)
    expect(received).toEqual(Array.from({ length: PAGES }, (_, n) => String(n)))
    // The page being written, one waiting in the stream, and the one being read.
    expect(mostAhead).toBeLessThanOrEqual(3)
  })

  it('asks for a collection of the young generation each time the pages handed on reach the amount, not before', async () => {
    const PAGE = 'x'.repeat(100_000)
    const handed: string[] = []
    async function* pages(): AsyncGenerator<ExportPage> {
      for (let n = 0; n < 10; n++) {
        handed.push(`page ${n}`)
        yield { csv: PAGE, rows: 1, confirmed: 0, after: n }
      }
    }
    const stream = exportStream(pages(), { collectEvery: 250_000, collect: () => handed.push('collect') })
    for await (const text of stream) expect(text).toBe(PAGE)
    expect(handed).toEqual([
      ...['page 0', 'page 1', 'page 2', 'collect'],
      ...['page 3', 'page 4', 'page 5', 'collect'],
      ...['page 6', 'page 7', 'page 8', 'collect'],
      'page 9',
    ])
  })
})
