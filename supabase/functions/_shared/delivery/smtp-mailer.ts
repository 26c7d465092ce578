import nodemailer from 'nodemailer'
import { DeliveryError, type FailureKind, type Mailer } from './mailer.ts'

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
const SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive'

/**
 * SMTP (smtp:// or smtps://) wherever outbound SMTP is allowed: the self-hosted server, a VM, Docker.
 * A pool of open connections; a server that stops answering fails the message within seconds
 * rather than nodemailer's minutes, so a lease never runs out while a message hangs.
 */
export function createSmtpMailer(url: string, { connections, dkim }: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: SIGNED_FIELDS } } : {}),
  })
  return {
    async send(message) {
      try {
        await transport.sendMail(message)
      } catch (error) {
        throw new DeliveryError(smtpFailure(error), error instanceof Error ? error.message : String(error), { cause: error })
      }
    },
    close: () => transport.close(),
  }
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
