/**
 * One dot-separated run of characters that mean nothing special in an address: no space or control
 * character, none of RFC 5322's specials ( ) < > [ ] : ; @ \ , . " (letters beyond ASCII are fine).
 */
const ATOM = String.raw`[^\s\p{C}()<>\[\]:;@\\,."]+`
const PLAIN_MAILBOX = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${ATOM}(?:\\.${ATOM})+$`, 'u')

/**
 * Whether every mail system reads this address as exactly this one mailbox. The waitlist takes
 * any text with one @ and a dotted domain; one with a comma, angle brackets or quotes could be read
 * as another address or as several (`a,b@x.com` is `b@x.com` to an address parser), so the sender
 * refuses to mail it rather than welcome someone who is not on the list.
 */
export const isPlainMailbox = (address: string): boolean => PLAIN_MAILBOX.test(address)
