// Who a visitor is, for one UTC day only (docs/product.md §8.2): an HMAC-SHA256 of the client
// address, the User-Agent and the site under the day's random salt, cut to 16 bytes. Nothing of
// the address or the User-Agent can be read back from it, and once the day's salt is deleted (48 h
// after the day began) no new request can be matched to it. Web Crypto only, so the self-hosted
// server and the edge functions compute the same identifier.

export interface Visitor {
  /** The client address, as the server's proxy settings decide it. */
  address: string
  userAgent: string
}

/** Bytes kept of the HMAC: far beyond any day's number of visitors, and no more than needed. */
const ID_BYTES = 16
/** A User-Agent is read this far: the rest tells visitors apart no better and would only cost. */
const USER_AGENT_CHARS = 512

const encoder = new TextEncoder()
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

export function fromHex(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** A new day's salt: 16 random bytes, as hex. */
export function randomSalt(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)))
}

/** The HMAC key of one day's salt (hex). */
export function saltKey(salt: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromHex(salt), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
}

/** The visitor's identifier under a day's key, as hex. `site` is the site's host. */
export async function visitorId(key: CryptoKey, { address, userAgent }: Visitor, site: string): Promise<string> {
  const message = encoder.encode(`${address}\n${userAgent.slice(0, USER_AGENT_CHARS)}\n${site}`)
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message))
  return hex(mac.subarray(0, ID_BYTES))
}

/** The UTC day of a moment, as the database writes a date (2026-11-25). */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10)

/** The day before a UTC day. */
export const dayBefore = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000))
