// The connection flood's row of the attack table (issue 20): 20 copies each open 250 connections at
// once from one address, 5,000 in all, each asking for the live stream and held until the row ends.
import { connect } from 'node:net'
import type { Attack } from './attack.ts'
import { LIVE_PATH } from '../../test/attacks/content-attacks.ts'

const CONNECTIONS_PER_COPY = 250
/** The attacker's address: one of the loopback range other than the visitor probe's 127.0.0.1. */
const ATTACKER = '127.0.0.3'

/**
 * Opens the copy's connections together and resolves once each is answered or closed: 0 when the
 * server closed any of them unread, else the status of the first answer. Answered connections stay
 * open (streams, keep-alive) until the row ends.
 */
function flood(baseUrl: string, signal: AbortSignal): Promise<number> {
  const { hostname, port } = new URL(baseUrl)
  return new Promise((resolve) => {
    let pending = CONNECTIONS_PER_COPY
    let status: number | undefined
    let refused = false
    const settle = () => {
      pending -= 1
      if (pending === 0) resolve(refused ? 0 : (status ?? 0))
    }
    const sockets = Array.from({ length: CONNECTIONS_PER_COPY }, () => {
      const socket = connect({ port: Number(port), host: hostname, localAddress: ATTACKER })
      let settled = false
      const once = (outcome: () => void) => {
        if (settled) return
        settled = true
        outcome()
        settle()
      }
      socket.on('error', () => undefined)
      socket.once('connect', () => socket.write(`GET ${LIVE_PATH} HTTP/1.1\r\nhost: ${hostname}\r\n\r\n`))
      socket.once('data', (chunk: Buffer) => once(() => (status ??= Number(chunk.toString('latin1', 9, 12)))))
      socket.once('close', () => once(() => (refused = true)))
      return socket
    })
    signal.addEventListener('abort', () => sockets.forEach((socket) => socket.destroy()), { once: true })
  })
}

/** Each copy's first flood's outcome: later runs hold what it opened instead of opening more. */
const floods = new Map<number, Promise<number>>()

/**
 * The attack is one burst of 5,000 connections held open, not a stream of new ones (which
 * would be a SYN flood, for the kernel's SYN cookies to absorb): each copy floods once, then its
 * later runs only wait, a second each, while the visitor is probed.
 */
async function floodOnce(baseUrl: string, copy: number, signal: AbortSignal): Promise<number> {
  const first = floods.get(copy)
  if (first) {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    return first
  }
  const opened = flood(baseUrl, signal)
  floods.set(copy, opened)
  signal.addEventListener('abort', () => floods.delete(copy), { once: true })
  return opened
}

export const attacks: Attack[] = [
  {
    name: `connections: ${CONNECTIONS_PER_COPY * 20} at once from one address, held`,
    // The benchmark's server trusts X-Forwarded-For (its visitors' addresses), which turns the cap off
    // by default: this row turns it back on, as a server facing the internet has it.
    env: { CONNECTIONS_PER_CLIENT: '256' },
    send: (baseUrl, i, signal) => floodOnce(baseUrl, i % 20, signal),
  },
]
