/**
 * The signed tokens in a welcome's personal links (docs/product.md §4.5): one confirms the place
 * on the waitlist, the other removes the person; a third opens the person's referral status page
 * (§13.1). A token is `purpose.waitlistId.expiry.signature`,
 * the signature an HMAC-SHA256 (Web Crypto, so it runs under Node and Deno alike) over the other
 * three. Nothing in it is secret: the waitlist id is a random UUID and grants nothing without
 * the signature.
 */

export const linkPurposes = ['confirm', 'remove'] as const

/** What a token can be for: a welcome's two actions, or reading one's own referral status (docs/product.md §13.1). */
export const tokenPurposes = [...linkPurposes, 'status'] as const
export type TokenPurpose = (typeof tokenPurposes)[number]

/** Longer than any token signLinkToken makes (about 110 characters): anything longer is invalid unread. */
export const MAX_LINK_TOKEN_LENGTH = 256
export type LinkPurpose = (typeof linkPurposes)[number]

export type VerifiedLink = { ok: true; waitlistId: string } | { ok: false; reason: 'invalid' | 'expired' }

/** Keeps these signatures apart from anything else the same secret might ever sign. */
const CONTEXT = 'pulso-link-v1'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/
const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    keys.set(secret, key)
  }
  return key
}

const signed = (payload: string) => encoder.encode(`${CONTEXT}\n${payload}`)

function toBase64Url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** A token for one purpose and one waitlist row, valid until `expiresAt` (to the second). */
export async function signLinkToken(
  secret: string,
  { purpose, waitlistId, expiresAt }: { purpose: TokenPurpose; waitlistId: string; expiresAt: Date },
): Promise<string> {
  const payload = `${purpose}.${waitlistId.toLowerCase()}.${Math.floor(expiresAt.getTime() / 1000)}`
  const signature = await crypto.subtle.sign('HMAC', await keyFor(secret), signed(payload))
  return `${payload}.${toBase64Url(signature)}`
}

/**
 * The waitlist row a token names, when it was signed with `secret` for `purpose` and has not
 * expired. A token for the other purpose, altered in any way or signed with another secret is
 * `invalid`; the signature is checked before the expiry, so `expired` is only ever said of a
 * token we issued.
 */
export async function verifyLinkToken(
  secret: string,
  token: string,
  purpose: TokenPurpose,
  now: Date = new Date(),
): Promise<VerifiedLink> {
  const parts = token.split('.')
  if (parts.length !== 4) return { ok: false, reason: 'invalid' }
  const [tokenPurpose = '', waitlistId = '', expiry = '', signature = ''] = parts
  if (tokenPurpose !== purpose || !UUID.test(waitlistId) || !/^\d{1,12}$/.test(expiry) || !SIGNATURE.test(signature)) {
    return { ok: false, reason: 'invalid' }
  }
  const payload = `${tokenPurpose}.${waitlistId}.${expiry}`
  const signatureBytes = fromBase64Url(signature)
  // 43 characters carry 258 bits for 256: the last one has spellings that decode alike. Only the
  // one we write is accepted, so no altered token passes.
  if (toBase64Url(signatureBytes.buffer) !== signature) return { ok: false, reason: 'invalid' }
  // Web Crypto's verify compares in constant time.
  const authentic = await crypto.subtle.verify('HMAC', await keyFor(secret), signatureBytes, signed(payload))
  if (!authentic) return { ok: false, reason: 'invalid' }
  if (Number(expiry) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, waitlistId }
}
