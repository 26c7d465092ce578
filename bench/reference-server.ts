import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

/** The hand-written static reference page for each address that has one. */
const files: Record<string, string> = { '/': 'index.html', '/en': 'en/index.html' }

/** Whether `path` has a hand-written reference in bench/reference. */
export const hasHandWrittenReference = (path: string) => path in files

/**
 * The static reference pages, as a static host would serve them: compressed, nothing else. The
 * hand-written ones of `dir`, and `others` (address → HTML) for pages that have none.
 */
export async function startReferenceServer(dir: string, others: Record<string, string> = {}) {
  const pages = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>()
  const add = (path: string, raw: Buffer) => pages.set(path, { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw) })
  for (const [path, file] of Object.entries(files)) add(path, await readFile(join(dir, file)))
  for (const [path, html] of Object.entries(others)) add(path, Buffer.from(html))
  const server = createServer((request, response) => {
    const page = pages.get(request.url ?? '')
    if (!page) return response.writeHead(404).end()
    const accepted = request.headers['accept-encoding'] ?? ''
    const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    })
    response.end(encoding ? page[encoding] : page.raw)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
