// The transport over real sockets: names resolved by a test's resolver (DNS that answers what an
// attacker's would), a receiver on loopback for what is allowed.
import type { LookupAddress, lookup } from 'node:dns'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardedTransport } from './guarded-transport.ts'

/** A resolver that answers each name with the addresses given, as a hostile DNS zone could. */
function resolverOf(zone: Record<string, string[]>): typeof lookup {
  return ((hostname: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) => {
    const addresses = zone[hostname]
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), [])
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )
  }) as unknown as typeof lookup
}

const ZONE = {
  'metadata.attacker.example': ['169.254.169.254'],
  'intranet.attacker.example': ['10.0.0.8'],
  'mixed.attacker.example': ['93.184.216.34', '127.0.0.1'],
  'mapped.attacker.example': ['::ffff:127.0.0.1'],
  'local.test': ['127.0.0.1'],
}

let receiver: Server
let port: number
let requests: string[] = []
let answer: { status: number; headers?: Record<string, string> } | 'never' = { status: 200 }

beforeAll(async () => {
  receiver = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    request.resume()
    if (answer === 'never') return
    response.writeHead(answer.status, answer.headers).end()
  })
  receiver.listen(0, '127.0.0.1')
  await once(receiver, 'listening')
  port = (receiver.address() as AddressInfo).port
})

afterAll(() => {
  receiver.closeAllConnections()
  receiver.close()
})

const post = (url: string, { allowPrivate = false, timeoutMs = 5_000 } = {}) =>
  guardedTransport({ allowPrivate, dnsLookup: resolverOf(ZONE) }).post(
    url,
    { 'content-type': 'application/json' },
    '{}',
    timeoutMs,
  )

describe('the webhook transport', () => {
  it.each([
    ['https://metadata.attacker.example/latest', /metadata\.attacker\.example resolves to 169\.254\.169\.254 is a link-local/],
    ['https://intranet.attacker.example/', /10\.0\.0\.8 is a private/],
    ['https://mixed.attacker.example/', /127\.0\.0\.1 is a loopback/],
    ['https://mapped.attacker.example/', /::ffff:127\.0\.0\.1 is a loopback/],
  ])('refuses %s when it connects, with the reason', async (url, reason) => {
    await expect(post(url)).rejects.toThrow(reason)
  })

  it('refuses a literal address before any connection', async () => {
    await expect(post('https://[::ffff:a9fe:a9fe]/')).rejects.toThrow(/link-local/)
  })

  it('delivers to a loopback receiver only when private addresses are allowed', async () => {
    requests = []
    answer = { status: 204 }
    await expect(post(`http://local.test:${port}/hooks`)).rejects.toThrow(/https/)
    await expect(post(`http://local.test:${port}/hooks`, { allowPrivate: true })).resolves.toBe(204)
    expect(requests).toEqual(['POST /hooks'])
  })

  it('answers a redirect with its status and never follows it', async () => {
    requests = []
    answer = { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }
    await expect(post(`http://127.0.0.1:${port}/hooks`, { allowPrivate: true })).resolves.toBe(302)
    expect(requests).toEqual(['POST /hooks'])
  })

  it('gives up on a receiver that never answers, saying so', async () => {
    answer = 'never'
    await expect(post(`http://127.0.0.1:${port}/slow`, { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow(
      'No answer within 0.3 s.',
    )
  })
})
