export interface MailMessage {
  /**
   * The same for every attempt at the same welcome, so that the copy a crash may send again is
   * the same message to the recipient's mailbox (which shows it once).
   */
  messageId?: string
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
  /** Extra header fields, such as the one-click unsubscribe pair. */
  headers?: Record<string, string>
}

/**
 * Why a message was not delivered, which decides what becomes of its welcome:
 * - `rejected`: the recipient's inbox refused it for good (a 5xx naming the recipient, an address no
 *   mail can go to): the welcome is marked failed at once and the inbox undeliverable, never mailed again.
 * - `unsendable`: this message can never go as it is, but the inbox is not to blame (an SMTP error
 *   with no reply code, a request Resend cannot take): given up at once, the inbox still mailed.
 * - `deferred`: this message failed for now (a 4xx, an error nobody classified): tried again with
 *   backoff, a bounded number of times.
 * - `unavailable`: the mail service is down or refuses every message (no connection, 421, bad
 *   credentials, rate limited): the welcome is not to blame, no try is counted, the sender pauses.
 */
export type FailureKind = 'rejected' | 'unsendable' | 'deferred' | 'unavailable'

export class DeliveryError extends Error {
  readonly kind: FailureKind
  constructor(kind: FailureKind, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'DeliveryError'
    this.kind = kind
  }
}

export const failureKind = (error: unknown): FailureKind => (error instanceof DeliveryError ? error.kind : 'deferred')

/**
 * Records one message sent before the mail service can accept it (an update's message: at most once,
 * decision 0088). true: recorded by this sender, go on; false: not this sender's to send any more
 * (another sender recorded it). A false or a throw stops the message before it can be accepted.
 */
export type Commit = () => Promise<boolean>

/** The commit refused or failed: the message was stopped before the mail service could accept it. */
export class NotCommitted extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'NotCommitted'
  }
}

/**
 * Runs the commit of a message, if it has one, and throws NotCommitted unless it recorded the
 * message: what every mailer does just before the point where the message can no longer be taken back.
 */
export async function commitOrStop(commit: Commit | undefined): Promise<void> {
  if (!commit) return
  let recorded: boolean
  try {
    recorded = await commit()
  } catch (error) {
    throw new NotCommitted(`Not recorded as sent, so not sent: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    })
  }
  if (!recorded) throw new NotCommitted('Already recorded by another sender, so not sent again.')
}

/**
 * The message was recorded, handed over whole and released, and then the connection ended before
 * the server answered: it may or may not have been kept, and stays recorded as sent (at most once).
 */
export class FateUnknown extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'FateUnknown'
  }
}

export interface SendOptions {
  /** Called once the message is all with the mail service but before it can accept it. */
  commit?: Commit
}

/**
 * Delivers one message or throws, preferably a DeliveryError saying what kind of failure it was.
 * With a commit, a DeliveryError thrown after it succeeded means the mail service refused the
 * message it was given (it answered): the caller takes its record back.
 */
export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>
  /** Lets go of open connections (a pool) when the sender stops. */
  close?(): void
}

/**
 * Resend's HTTP API: Supabase Edge Functions (Deno Deploy) cannot open SMTP ports
 * 25, 465 or 587, so the hosted deployment sends over HTTPS instead.
 *
 * Each message goes with its Message-ID as Resend's `Idempotency-Key` (at most 256 characters): Resend
 * sends a key once in 24 hours, answering a repeat as it answered the first (decision 0088). A
 * commit therefore runs after Resend took the message, not before: a sender killed in between sends
 * it again under the same key, and Resend does not send it twice.
 */
export function createResendMailer(apiKey: string, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async send(message, { commit } = {}) {
      const key = message.messageId?.replace(/^<|>$/g, '')
      const response = await fetchImpl('https://api.resend.com/emails', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify({
          from: message.from,
          to: [message.to],
          reply_to: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        }),
      }).catch((error: unknown) => {
        throw new DeliveryError('unavailable', `Resend could not be reached: ${String(error)}`, { cause: error })
      })
      if (!response.ok) {
        throw new DeliveryError(resendFailure(response.status), `Resend answered ${response.status}: ${await response.text()}`)
      }
      await commitOrStop(commit)
    },
  }
}

/**
 * Resend's statuses: 422 refuses the recipient's address (the only one that blames the inbox); 400
 * refuses the request itself; 401/403 (the key), 429 (the rate) and 5xx refuse them all.
 */
export function resendFailure(status: number): FailureKind {
  if (status === 422) return 'rejected'
  if (status === 400) return 'unsendable'
  if (status === 401 || status === 403 || status === 429 || status >= 500) return 'unavailable'
  return 'deferred'
}
