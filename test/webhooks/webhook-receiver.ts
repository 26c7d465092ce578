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
  /** Resolves once `count` requests have been answered (whatever the answer). */
  untilReceived(count: number): Promise<void>
  /** Resolves once `count` requests have come in, answered or not. */
  untilArrived(count: number): Promise<void>
  close(): Promise<void>
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  let arrived = 0
  const waiters: { ready: () => boolean; resolve: () => void }[] = []
  const until = (ready: () => boolean) =>
    ready() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ ready, resolve }))
  const wakeReady = () => {
    for (const waiter of waiters.filter(({ ready }) => ready())) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  }
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = {
    received: [],
    secrets: [],
    answer: 200,
    delayMs: 0,
    untilReceived: (count) => until(() => receiver.received.length >= count),
    untilArrived: (count) => until(() => arrived >= count),
  }
  const server = createServer((request, response) => {
    arrived += 1
    wakeReady()
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
        wakeReady()
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
