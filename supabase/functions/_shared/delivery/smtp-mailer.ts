import { Readable } from 'node:stream'
import nodemailer, { type PluginFunction } from 'nodemailer'
import DKIM from 'nodemailer/lib/dkim'
import MailComposer from 'nodemailer/lib/mail-composer'
import {
  commitOrStop,
  DeliveryError,
  FateUnknown,
  NotCommitted,
  type Commit,
  type FailureKind,
  type MailMessage,
  type Mailer,
} from './mailer.ts'

export interface DkimKey {
  domainName: string
  keySelector: string
  /** PEM, PKCS#1 or PKCS#8. */
  privateKey: string
}

export interface SmtpMailerOptions {
  /** Connections kept open to the server, so each message skips the connect, greeting and TLS handshake. */
  connections: number
  /** With a key, every message is signed for the sender's domain. */
  dkim?: DkimKey
}

/**
 * Nodemailer's default list of signed fields, plus List-Unsubscribe-Post: one-click removal
 * counts only when both of its fields are covered by a valid DKIM signature (RFC 8058 §4).
 */
export const SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive'

/**
 * SMTP (smtp:// or smtps://) wherever outbound SMTP is allowed: the self-hosted server, a VM, Docker.
 * A pool of open connections; a server that stops answering fails the message within seconds
 * rather than nodemailer's minutes, so a lease never runs out while a message hangs.
 *
 * A message with a commit (decision 0088) is held before DATA's final dot until the commit has
 * recorded it: a server discards a message whose connection ends before its dot (RFC 5321
 * §4.1.1.4), so a process killed before the commit sends nothing, and one killed after it loses at
 * most that message, never sends it twice. The message is composed and signed first (DKIM reads a
 * message whole before it writes its header), then handed to the pool as raw bytes whose end waits.
 *
 * Composing is the largest part of what a message costs the process (decision 0095), so it is
 * nodemailer's own composer and signer without a transport around them: the bytes a stream
 * transport would give.
 */
export function createSmtpMailer(url: string, { connections, dkim }: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  transport.use('stream', holdUntilRead)
  const signer = dkim ? new DKIM({ ...dkim, headerFieldNames: SIGNED_FIELDS }) : undefined
  /** The message as it goes on the wire, signed when there is a key, with its envelope. */
  const compose = async (message: MailMessage) => {
    const node = new MailComposer({ ...message, headers: message.headers ?? {}, newline: 'windows' }).compile()
    if (signer) node.processFunc((input) => signer.sign(input))
    return { envelope: node.getEnvelope(), bytes: await node.build() }
  }
  return {
    async send(message, { commit } = {}) {
      let held: HeldMessage | undefined
      try {
        const { envelope, bytes } = await compose(message)
        held = heldMessage(bytes, commit)
        await transport.sendMail({ envelope, raw: held.stream })
      } catch (error) {
        if (held?.stopped) throw held.stopped
        // Recorded and its dot let go, then no answer: whether the server kept it is not known, and it stays recorded.
        if (held?.released && (error as { responseCode?: number }).responseCode === undefined) {
          throw new FateUnknown(`The connection ended after the message was handed over: ${messageOf(error)}`, { cause: error })
        }
        throw new DeliveryError(smtpFailure(error), messageOf(error), { cause: error })
      }
    },
    close: () => transport.close(),
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Each composed message's raw stream, and what a held one is told when the server starts reading it. */
const heldStreams = new WeakMap<Readable, { reading?: () => void }>()

/**
 * Hands the pool the composed message's own stream, and tells a held message when the server
 * started reading it: nodemailer builds a message's stream before the envelope, and pipes it to the
 * socket only once the server answered DATA (354). Nodemailer would otherwise stream the raw bytes
 * through a MIME node of their own (a pass-through, a pipeline and a last-newline check) whose output
 * is the same bytes: the composer's message already ends with its line break (decision 0095).
 */
const holdUntilRead: PluginFunction = (mail, done) => {
  const stream = mail.data.raw instanceof Readable ? mail.data.raw : undefined
  const held = stream && heldStreams.get(stream)
  if (stream && held) {
    const { reading } = held
    mail.message.createReadStream = () => {
      if (reading) stream.once('resume', reading)
      return stream
    }
  }
  done()
}

interface HeldMessage {
  stream: Readable
  /** Why the commit stopped it, if it did. */
  stopped?: NotCommitted
  /** Recorded by its commit, and the dot let go. */
  released: boolean
}

/**
 * The message's bytes, whose end (and so the dot) waits for the server to be reading it and then
 * for the commit; a commit that refuses or fails destroys the stream, which ends the connection
 * without the dot.
 */
function heldMessage(bytes: Buffer, commit: Commit | undefined): HeldMessage {
  const stream = new Readable({ read() {} })
  stream.push(bytes)
  const held: HeldMessage = { stream, released: false }
  if (!commit) {
    stream.push(null)
    heldStreams.set(stream, {})
    return held
  }
  heldStreams.set(stream, {
    reading: () => {
      // A connection that failed meanwhile took the message with it: nothing to record.
      if (stream.destroyed) return
      commitOrStop(commit).then(
        () => {
          // A connection lost during the commit never got the dot: the sender takes the record back.
          if (stream.destroyed) return
          held.released = true
          stream.push(null)
        },
        (error: NotCommitted) => {
          held.stopped = error
          stream.destroy(error)
        },
      )
    },
  })
  return held
}

/** Errors that end or prevent the connection, or that every message would get: the server's fault, not the welcome's. */
const SERVER_UNAVAILABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ENOAUTH', 'EPROTOCOL'])

export function smtpFailure(error: unknown): FailureKind {
  const { code, responseCode, command, response } = (error ?? {}) as {
    code?: string
    responseCode?: number
    command?: string
    response?: string
  }
  if (responseCode === 421 || (code && SERVER_UNAVAILABLE.has(code))) return 'unavailable'
  // The server refusing our sender refuses every message.
  if (command?.startsWith('MAIL FROM')) return 'unavailable'
  if (code === 'EENVELOPE' || code === 'EMESSAGE') {
    // No reply code: nodemailer itself could not use the message or its envelope. No inbox refused
    // it, and sending it again would fail the same way.
    if (responseCode === undefined) return 'unsendable'
    // RFC 5321: 5yz is permanent, 4yz transient; 503 only means the session was in the wrong state.
    if (responseCode >= 500 && responseCode !== 503) return namesRecipient(command, response) ? 'rejected' : 'unsendable'
  }
  return 'deferred'
}

/**
 * A permanent refusal blames the inbox only when it is about the recipient: an answer to RCPT TO, or
 * an enhanced status of addressing (5.1.x) or of the mailbox (5.2.x, RFC 3463) after the data. A
 * refusal of the message itself (too large, its content) says nothing of the inbox.
 */
const namesRecipient = (command: string | undefined, response: string | undefined) =>
  command === 'RCPT TO' || /^5\d\d[ -]5\.[12]\.\d{1,3}\b/.test(response ?? '')
