/**
 * Test helpers: a throwaway seed folder (data.ndjson + images) so the tests
 * do not depend on the real seed, which changes as content is written.
 */
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'

/** A valid RGB PNG of the given size, every pixel `rgb`. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [200, 30, 60]): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(8 + data.length + 4)
    out.writeUInt32BE(data.length, 0)
    typeAndData.copy(out, 4)
    out.writeUInt32BE(crc32(typeAndData), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export interface SeedFixture {
  dir: string
  ndjsonPath: string
  /** Writes data.ndjson from documents (one JSON line each) or raw text. */
  writeData(data: readonly object[] | string): Promise<void>
  writeImage(relativePath: string, bytes: Uint8Array): Promise<string>
  cleanup(): Promise<void>
}

let bump = 0

export async function createSeedFixture(): Promise<SeedFixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'content-seed-'))
  const ndjsonPath = path.join(dir, 'data.ndjson')
  // Each write gets a distinct mtime, so edits within one millisecond are
  // still noticed, as they would be by a person editing the file.
  const touch = async (file: string) => {
    bump += 1
    const when = new Date(Date.now() + bump * 1000)
    await utimes(file, when, when)
  }
  return {
    dir,
    ndjsonPath,
    async writeData(data) {
      const text = typeof data === 'string' ? data : `${data.map((doc) => JSON.stringify(doc)).join('\n')}\n`
      await writeFile(ndjsonPath, text)
      await touch(ndjsonPath)
    },
    async writeImage(relativePath, bytes) {
      const file = path.join(dir, relativePath)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, bytes)
      await touch(file)
      return file
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  }
}
