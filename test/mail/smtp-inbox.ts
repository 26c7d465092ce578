// Test helper: a real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives,
// with just enough MIME decoding to read the headers and both bodies nodemailer writes.
import { EventEmitter } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** The SMTP envelope: who the message was actually delivered to, whatever the headers say. */
  envelope: { from: string; to: string[] }
  raw: string
  /** Header names in lower case, values unfolded and RFC 2047-decoded. */
  headers: [name: string, value: string][]
  header(name: string): string | undefined
  subject: string
  to: string
  text: string
  html: string
  /** When it was parsed (`performance.now()`): for the inbox's messages, when each arrived. */
  receivedAt: number
}

export interface SmtpInbox {
  port: number
  url: string
  /** Every message accepted, in order of arrival. */
  messages: ReceivedMail[]
  /** Messages delivered to this address (envelope recipient, case-insensitive). */
  to(address: string): ReceivedMail[]
  /** While true, every recipient is refused with 550, so every delivery fails. */
  rejecting: boolean
  /** Addresses (lower case) refused with 550 for good, as a server refuses a mailbox that does not exist. */
  refused: Set<string>
  /** Addresses (lower case) answered 451 every time: a temporary failure that never clears. */
  deferring: Set<string>
  /** Addresses (lower case) refused with 550 5.1.1 only after their data, as a relay that checks its mailboxes late. */
  refusingData: Set<string>
  /** Messages whose connection ended before their final dot: discarded, as RFC 5321 §4.1.1.4 says. */
  interrupted: number
  /** Messages received whole whose client went away before the server answered: not kept (see `finish`). */
  unanswered: number
  /** Waits until `count` messages were interrupted in all; fails after `timeoutMs`. */
  waitForInterrupted(count: number, timeoutMs?: number): Promise<number>
  /** The share of messages (0 to 1) answered 451 at random after their data: a temporary failure. */
  deferRate: number
  /**
   * How many times one address may be deferred at random: its next try is then accepted, so a test
   * knows how long the sender's backoff can keep a message back (unbounded unless set).
   */
  mostRandomDeferrals: number
  /** Messages answered 451 so far. */
  deferrals: number
  /** Recipients answered 550 so far. */
  refusals: number
  /**
   * While set, every recipient waits for it before it is answered: whatever the senders have in
   * flight stays there, so a test knows where they are whatever the machine's speed.
   */
  holding: Promise<void> | undefined
  /** Recipients waiting for `holding` now. */
  held: number
  /** How long the server takes to accept each message, so that messages are in flight for a while. */
  delayMs: number
  /** Connections opened to the server so far. */
  connections: number
  /** The most messages being received at once so far (reset it to measure a stretch). */
  mostAtOnce: number
  /** Waits until `count` messages reached `address`; fails after `timeoutMs`. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>
  /** Waits until `count` messages arrived in all; fails after `timeoutMs`. */
  waitForTotal(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  /** The server goes away: open sessions are told 421 and closed, new connections are refused. */
  down(): Promise<void>
  /** Back on the same port after `down()`. */
  up(): Promise<void>
  close(): Promise<void>
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = []
  const arrivals = new EventEmitter().setMaxListeners(0)
  const inbox = {
    rejecting: false,
    refused: new Set<string>(),
    deferring: new Set<string>(),
    refusingData: new Set<string>(),
    interrupted: 0,
    unanswered: 0,
    deferRate: 0,
    mostRandomDeferrals: Infinity,
    deferrals: 0,
    refusals: 0,
    holding: undefined as Promise<void> | undefined,
    held: 0,
    delayMs: 0,
    connections: 0,
    mostAtOnce: 0,
  }
  let atOnce = 0
  const randomDeferrals = new Map<string, number>()
  const server = new SMTPServer({
    authOptional: true,
    // No TLS to negotiate with a self-signed certificate, no AUTH: a plain local relay.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onConnect(_session, callback) {
      inbox.connections += 1
      callback()
    },
    onRcptTo(address, _session, callback) {
      const answer = () => {
        if (!inbox.rejecting && !inbox.refused.has(address.address.toLowerCase())) return callback()
        inbox.refusals += 1
        callback(smtpError(550, 'Mailbox unavailable (the test inbox is refusing mail)'))
      }
      const { holding } = inbox
      if (!holding) return answer()
      inbox.held += 1
      void holding.then(() => {
        inbox.held -= 1
        answer()
      })
    },
    onData(stream, session, callback) {
      atOnce += 1
      inbox.mostAtOnce = Math.max(inbox.mostAtOnce, atOnce)
      const done: typeof callback = (error) => {
        atOnce -= 1
        callback(error)
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      // smtp-server destroys the stream with an error when the client goes away before the dot.
      stream.once('error', () => {
        atOnce -= 1
        inbox.interrupted += 1
        arrivals.emit('message')
      })
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
        }
        const finish = () => {
          // A server keeps a message once it answers 250; a client that went away meanwhile never hears it.
          const open = [...server.connections].some(
            (connection: { session?: { id?: string } }) => connection.session?.id === session.id,
          )
          if (!open) {
            inbox.unanswered += 1
            return done(new Error('The client went away before the message was accepted'))
          }
          const recipients = envelope.to.map((address) => address.toLowerCase())
          if (recipients.some((address) => inbox.refusingData.has(address))) {
            return done(smtpError(550, '5.1.1 No such mailbox (the test inbox refuses it after the data)'))
          }
          const deferredForGood = recipients.some((address) => inbox.deferring.has(address))
          const key = recipients.join(',')
          const deferredSoFar = randomDeferrals.get(key) ?? 0
          const deferredAtRandom = deferredSoFar < inbox.mostRandomDeferrals && Math.random() < inbox.deferRate
          if (deferredAtRandom) randomDeferrals.set(key, deferredSoFar + 1)
          if (deferredForGood || deferredAtRandom) {
            inbox.deferrals += 1
            return done(smtpError(451, 'Try again later (the test inbox defers some mail)'))
          }
          messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope))
          done()
          arrivals.emit('message')
        }
        if (inbox.delayMs > 0) setTimeout(finish, inbox.delayMs)
        else finish()
      })
    },
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject)
        resolve()
      })
    })
  // A client that dies mid-session (a killed server) resets its connection: nothing to report.
  server.on('error', () => undefined)
  await listen(0)
  const { port } = server.server.address() as AddressInfo
  const to = (address: string) =>
    messages.filter((m) => m.envelope.to.some((rcpt) => rcpt.toLowerCase() === address.toLowerCase()))

  /** Resolves with `read()` once `done` holds for it, checked on every arrival. */
  const until = <T>(read: () => T, done: (value: T) => boolean, timeoutMs: number, failure: (value: T) => string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = read()
        if (!done(value)) return
        stop()
        resolve(value)
      }
      const timer = setTimeout(() => {
        stop()
        reject(new Error(failure(read())))
      }, timeoutMs)
      const stop = () => {
        clearTimeout(timer)
        arrivals.off('message', check)
      }
      arrivals.on('message', check)
      check()
    })

  return Object.assign(inbox, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    waitFor: (address: string, count = 1, timeoutMs = 10_000) =>
      until(
        () => to(address),
        (mine) => mine.length >= count,
        timeoutMs,
        (mine) => `Expected ${count} message(s) to ${address} within ${timeoutMs} ms, got ${mine.length}`,
      ),
    waitForInterrupted: (count: number, timeoutMs = 10_000) =>
      until(
        () => inbox.interrupted,
        (interrupted) => interrupted >= count,
        timeoutMs,
        (interrupted) => `Expected ${count} interrupted message(s) within ${timeoutMs} ms, got ${interrupted}`,
      ),
    waitForTotal: (count: number, timeoutMs = 10_000) =>
      until(
        () => messages,
        (all) => all.length >= count,
        timeoutMs,
        (all) => `Expected ${count} message(s) within ${timeoutMs} ms, got ${all.length}`,
      ),
    async down() {
      const closed = new Promise<void>((resolve) => server.server.close(() => resolve()))
      for (const connection of server.connections) {
        connection.send(421, 'Service not available (the test inbox is down)')
        connection.close()
      }
      await closed
    },
    up: () => listen(port),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode })

/** Splits head and body at the first empty line and unfolds the headers. */
function splitEntity(raw: string): { headers: [string, string][]; body: string } {
  const match = /\r?\n\r?\n/.exec(raw)
  const head = match ? raw.slice(0, match.index) : raw
  const body = match ? raw.slice(match.index + match[0].length) : ''
  const headers = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .filter((line) => line.includes(':'))
    .map((line): [string, string] => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim())]
    })
  return { headers, body }
}

/** RFC 2047 encoded-words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=); whitespace between two of them is dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

/** Each run of =XX escapes is the UTF-8 of whole characters: decoded a run at a time, not a byte at a time. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'))
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body)
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body
  }
}

/** The text/plain and text/html leaves of a (possibly multipart) entity. */
function leaves(raw: string): { type: string; content: string }[] {
  const { headers, body } = splitEntity(raw)
  const contentType = headers.find(([name]) => name === 'content-type')?.[1] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1)
    return parts.filter((part) => !part.startsWith('--')).flatMap((part) => leaves(part.replace(/^\r?\n/, '')))
  }
  const encoding = headers.find(([name]) => name === 'content-transfer-encoding')?.[1]
  return [{ type: contentType.split(';')[0]?.trim().toLowerCase() ?? '', content: decodeBody(body, encoding) }]
}

export function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const { headers } = splitEntity(raw)
  const header = (name: string) => headers.find(([key]) => key === name.toLowerCase())?.[1]
  const bodies = leaves(raw)
  return {
    envelope,
    raw,
    headers,
    header,
    subject: header('subject') ?? '',
    to: header('to') ?? '',
    text: bodies.find((leaf) => leaf.type === 'text/plain')?.content ?? '',
    html: bodies.find((leaf) => leaf.type === 'text/html')?.content ?? '',
    receivedAt: performance.now(),
  }
}
