import type { Server, Socket } from 'node:net'
import { normalizeIP } from '@fastify/rate-limit'

/**
 * Open connections per client address, counted as they are accepted and refused over the cap by
 * closing them at once, before a byte of HTTP is read (nginx's limit_conn): a flood of connections
 * from one address costs the server a socket each, never a parsed request, a log line or an answer.
 * The address is the connection's own, the proxy's when TRUST_PROXY is set (docs/operations.md, "Limits").
 * IPv6 clients count per /64, as every other per-client limit does.
 */
export function limitConnectionsPerClient(server: Server, maxPerClient: number): { open(address: string): number } {
  const open = new Map<string, number>()
  const admit = (socket: Socket): boolean => {
    const client = normalizeIP(socket.remoteAddress ?? 'unknown')
    const count = (open.get(client) ?? 0) + 1
    if (count > maxPerClient) return false
    open.set(client, count)
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1
      if (left > 0) open.set(client, left)
      else open.delete(client)
    })
    return true
  }
  // Ahead of every 'connection' listener, Node's HTTP server's own included: a refused socket must
  // not get a parser and a place in the server's list of connections, which a flood would fill.
  const emit = server.emit.bind(server)
  server.emit = (event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'connection' && !admit(args[0] as Socket)) {
      ;(args[0] as Socket).destroy()
      return false
    }
    return emit(event, ...args)
  }
  return { open: (address) => open.get(normalizeIP(address)) ?? 0 }
}
