// Test helper: a webhook receiver on loopback that verifies every request with the standardwebhooks
// package, as a customer's would, and keeps what it got. Its answer can be changed while it runs.
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

export interface Received {
  id: string
  /** The status the receiver answered. */
  answered: number
  /** Verified with every secret the receiver knows of, in order: true where the signature holds. */
  verified: boolean[]
  body: { type: string; data: Record<string, unknown> } | undefined
  headers: IncomingHttpHeaders
}

export interface WebhookReceiver {
  url: string
  received: Received[]
  /** The secrets it verifies with; set once the endpoint is created. */
  secrets: string[]
  /** What it answers: 200 unless set. */
  answer: number
  /** How long it takes to answer, so that deliveries are in flight when a test strikes. */
  delayMs: number
  /** Resolves once `count` requests have come in (whatever the answer). */
  untilReceived(count: number): Promise<void>
  /** Resolves once `count` requests have been open at the same time (come in, not yet answered or dropped). */
  untilHolding(count: number): Promise<void>
  close(): Promise<void>
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const waiters: { count: number; resolve: () => void }[] = []
  // The most requests held open at once so far: a high-water mark, so no moment has to be caught.
  let open = 0
  let mostOpen = 0
  const holdingWaiters: { count: number; resolve: () => void }[] = []
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = {
    received: [],
    secrets: [],
    answer: 200,
    delayMs: 0,
    untilReceived: (count) =>
      receiver.received.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    untilHolding: (count) =>
      mostOpen >= count ? Promise.resolve() : new Promise((resolve) => holdingWaiters.push({ count, resolve })),
  }
  const server = createServer((request, response) => {
    open += 1
    mostOpen = Math.max(mostOpen, open)
    for (const waiter of holdingWaiters.filter((waiter) => mostOpen >= waiter.count)) {
      holdingWaiters.splice(holdingWaiters.indexOf(waiter), 1)
      waiter.resolve()
    }
    response.once('close', () => (open -= 1))
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (text += chunk))
    request.on('end', () => {
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name] ?? '')]),
      )
      const verified = receiver.secrets.map((secret) => {
        try {
          new Webhook(secret).verify(text, headers)
          return true
        } catch {
          return false
        }
      })
      let body: Received['body']
      try {
        body = JSON.parse(text) as Received['body']
      } catch {
        body = undefined
      }
      const answered = receiver.answer
      setTimeout(() => {
        response.writeHead(answered).end()
        receiver.received.push({ id: headers['webhook-id'] ?? '', answered, verified, body, headers: request.headers })
        for (const waiter of waiters.filter((waiter) => receiver.received.length >= waiter.count)) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }, receiver.delayMs)
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // A receiver told to answer slowly may still hold requests: they end with it.
        server.closeAllConnections()
      }),
  })
}
