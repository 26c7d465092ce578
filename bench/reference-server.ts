import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

/** The static reference page for each address, as a static host would serve it: compressed, nothing else. */
const files: Record<string, string> = { '/': 'index.html', '/en': 'en/index.html' }

export async function startReferenceServer(dir: string) {
  const pages = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>()
  for (const [path, file] of Object.entries(files)) {
    const raw = await readFile(join(dir, file))
    pages.set(path, { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw) })
  }
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
