// A connection flood from one address (issue 20): the server keeps CONNECTIONS_PER_CLIENT open for
// that address and closes the rest at once, before reading a byte of HTTP, while a visitor from
// another address is served. The latency target lives in `npm run bench:attacks`.
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createServer, type PulsoServer } from '../create-server.ts'
import { eventually } from '../../test/eventually.ts'
import { standInPage } from '../../test/server/test-server.ts'

const FLOOD = 1_000
const CAP = 256

/** GET `path` from a given local address of the loopback range: another client, as the server sees it. */
function getFrom(localAddress: string, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, localAddress, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    sent.on('error', reject)
    sent.end()
  })
}

describe('connections per client address', () => {
  let workDir: string
  let server: PulsoServer
  let port: number

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'pulso-connections-'))
    await mkdir(join(workDir, 'dist', 'client'), { recursive: true })
    server = await createServer(
      // Idle sockets are kept for the whole test: the flood's held connections must not time out under it.
      loadConfig({ DATA_DIR: join(workDir, 'data'), LOG_LEVEL: 'silent', HTTP_REQUEST_TIMEOUT_SECONDS: '300' }),
      { distDir: join(workDir, 'dist'), renderer: standInPage },
    )
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    port = (server.app.server.address() as { port: number }).port
  }, 60_000)

  afterAll(async () => {
    await server?.app.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  it(`keeps ${CAP} of ${FLOOD} simultaneous connections from one address and closes the rest unread`, async () => {
    const sockets: Socket[] = []
    const closed = new Set<Socket>()
    const outcomes = await Promise.all(
      Array.from(
        { length: FLOOD },
        () =>
          new Promise<'answered' | 'closed unanswered'>((resolve) => {
            const socket = connect(port, '127.0.0.1')
            sockets.push(socket)
            socket.on('error', () => undefined)
            socket.once('close', () => closed.add(socket))
            socket.once('connect', () => socket.write('GET /healthz HTTP/1.1\r\nhost: pulso.test\r\n\r\n'))
            socket.once('data', () => resolve('answered'))
            socket.once('close', () => resolve('closed unanswered'))
          }),
      ),
    )
    try {
      expect(outcomes.filter((outcome) => outcome === 'answered')).toHaveLength(CAP)
      expect(outcomes.filter((outcome) => outcome === 'closed unanswered')).toHaveLength(FLOOD - CAP)
      // Meanwhile another address is served as usual; this one is at its cap.
      expect(await getFrom('127.0.0.2', port, '/healthz')).toBe(200)
      await expect(getFrom('127.0.0.1', port, '/healthz')).rejects.toThrow()
    } finally {
      const open = sockets.filter((socket) => !closed.has(socket))
      await Promise.all(open.map((socket) => new Promise((done) => socket.once('close', done).destroy())))
    }
    // Its connections gone (the server sees them close a moment after the client), the address is welcome again.
    await eventually(
      () => getFrom('127.0.0.1', port, '/healthz').catch(() => 0),
      (status) => status === 200,
    )
  })
})
