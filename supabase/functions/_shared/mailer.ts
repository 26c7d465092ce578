export interface MailMessage {
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
  /** Extra header fields, such as the one-click unsubscribe pair. */
  headers?: Record<string, string>
}

/** Delivers one message or throws; the sender retries later. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
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
      })
      if (!response.ok) throw new Error(`Resend answered ${response.status}: ${await response.text()}`)
    },
  }
}
