import type { Server, Socket } from 'node:net'
import { normalizeIP } from '@fastify/rate-limit'

/**
 * Open connections per client address, counted as they are accepted and refused over the cap by
 * closing them at once, before a byte of HTTP is read (nginx's limit_conn): a flood of connections
 * from one address costs the server a socket each, never a parsed request, a log line or an answer.
 * The address is the connection's own, the proxy's when TRUST_PROXY is set (README, "Security").
 * IPv6 clients count per /64, as every other per-client limit does.
 */
export function limitConnectionsPerClient(server: Server, maxPerClient: number): { open(address: string): number } {
  const open = new Map<string, number>()
  server.prependListener('connection', (socket: Socket) => {
    const client = normalizeIP(socket.remoteAddress ?? 'unknown')
    const count = (open.get(client) ?? 0) + 1
    if (count > maxPerClient) {
      socket.destroy()
      return
    }
    open.set(client, count)
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1
      if (left > 0) open.set(client, left)
      else open.delete(client)
    })
  })
  return { open: (address) => open.get(normalizeIP(address)) ?? 0 }
}
