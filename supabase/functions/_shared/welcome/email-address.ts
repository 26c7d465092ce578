// The one rule for what an email address is, shared by the welcome function, the self-hosted
// server and the sign-up form (docs/product.md §4.3). It imports nothing and touches no runtime
// API beyond WHATWG URL, so the browser bundle, Node and Deno run this same file; the database's
// CHECK constraint (supabase/migrations/20261123100000_canonical_addresses.sql) states the same
// grammar in SQL, and email-address.test.ts holds both to the same list of cases.

/** RFC 5321's limits: 64 octets before the @, 254 in all (what fits in a path). */
const MAX_LOCAL = 64
const MAX_ADDRESS = 254

/** A dot-atom: no quotes, comments, brackets, spaces or anything a mail parser would read as structure. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/

/** One DNS label in ASCII (punycode for internationalized names). */
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/

/** Invisible or structural characters nobody types on purpose: controls, zero-widths, bidi marks, spaces. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Z}\s]/u

/** Characters the URL parser would read as something other than a host name. */
const NOT_A_HOST = /[/\\?#@:[\]%]/

/**
 * The canonical form of a plain address, or undefined when the text is not one.
 *
 * Accepted: `local@domain` and nothing else (no display name, comment, group, list or quoted
 * local part). The local part is kept as typed; the domain is lowercased, loses a trailing dot
 * and is written in its ASCII (punycode) form, as WHATWG URL writes it in every runtime.
 * Two spellings of one mailbox (`victim@T.ex.` and `victim@t.ex`) therefore become one text.
 */
export function canonicalEmail(input: string): string | undefined {
  const text = input.trim()
  if (text.length === 0 || text.length > MAX_ADDRESS * 4 || HIDDEN.test(text)) return undefined
  const at = text.indexOf('@')
  if (at < 1 || at !== text.lastIndexOf('@')) return undefined
  const local = text.slice(0, at)
  const domain = asciiDomain(text.slice(at + 1))
  if (!domain || local.length > MAX_LOCAL || !LOCAL_PART.test(local)) return undefined
  const address = `${local}@${domain}`
  return address.length <= MAX_ADDRESS ? address : undefined
}

function asciiDomain(domain: string): string | undefined {
  const name = domain.endsWith('.') ? domain.slice(0, -1) : domain
  if (name.length === 0 || NOT_A_HOST.test(name)) return undefined
  let host: string
  try {
    host = new URL(`http://${name}`).hostname
  } catch {
    return undefined
  }
  const labels = host.split('.')
  const tld = labels.at(-1) ?? ''
  // Two labels at least, and a top-level label that is not a number (the URL parser turns
  // digit-only names into IPv4 addresses, which are not mail domains here).
  if (labels.length < 2 || /^[0-9]+$/.test(tld) || !labels.every((label) => LABEL.test(label))) return undefined
  return host
}
