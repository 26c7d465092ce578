import { Webhook } from 'standardwebhooks'

/**
 * The Standard Webhooks headers for `body`: webhook-id, webhook-timestamp (seconds) and
 * webhook-signature, one `v1,<base64 HMAC-SHA256 of id.timestamp.body>` per secret, separated by
 * spaces (during a rotation's overlap both the new and the old secret sign).
 */
export function signedHeaders(id: string, body: string, secrets: string[], at: Date): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
  }
}
