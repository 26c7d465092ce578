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

/** Delivers one message or throws, preferably a DeliveryError saying what kind of failure it was. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  /** Lets go of open connections (a pool) when the sender stops. */
  close?(): void
}

/**
 * Resend's HTTP API: Supabase Edge Functions (Deno Deploy) cannot open SMTP ports
 * 25, 465 or 587, so the hosted deployment sends over HTTPS instead.
 */
export function createResendMailer(apiKey: string, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async send(message) {
      const response = await fetchImpl('https://api.resend.com/emails', {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
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
