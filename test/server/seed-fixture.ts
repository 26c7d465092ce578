/**
 * Test helpers: a throwaway seed folder (data.ndjson + images) so the tests
 * do not depend on the real seed, which changes as content is written.
 */
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

/** A valid RGB PNG of the given size, every pixel `rgb`. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [200, 30, 60]): Promise<Buffer> {
  const [r, g, b] = rgb
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()
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
