import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** What ipaddr.js calls each range, as an operator reads it. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  multicast: 'a multicast',
  linkLocal: 'a link-local (cloud metadata lives here)',
  loopback: 'a loopback',
  carrierGradeNat: 'a carrier-grade NAT',
  private: 'a private',
  uniqueLocal: 'a private (unique local)',
  reserved: 'a reserved',
  benchmarking: 'a benchmarking',
  rfc6145: 'an IPv4-translated',
  rfc6052: 'a NAT64',
  '6to4': 'a 6to4',
  teredo: 'a Teredo',
}

/**
 * Why our server must not connect to `address`, or null when it may: only public unicast
 * addresses are allowed (an IPv4 address written as IPv6 is judged as the IPv4 one), and loopback
 * too when `allowLoopback` (WEBHOOK_ALLOW_PRIVATE, for tests and local receivers).
 */
export function addressRefusal(address: string, allowLoopback: boolean): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`
  const range = ipaddr.process(address).range()
  if (range === 'unicast' || (allowLoopback && range === 'loopback')) return null
  return `${address} is ${RANGE_NAMES[range] ?? `a ${range}`} address`
}

export const isLoopback = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback'

/** The URL's host as an address or a name: without an IPv6 literal's brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * Why an endpoint URL cannot be saved, or null: it must be https (http only for a loopback
 * receiver when private addresses are allowed), carry no user name or password (they would sit in
 * the log and the tool), and an address written in it must be one we may connect to. A name's
 * addresses are checked each time it is connected to (guarded-transport.ts).
 */
export function endpointUrlRefusal(text: string, allowPrivate: boolean): string | null {
  if (text.length > 2000) return 'The URL is longer than 2,000 characters.'
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'This is not a URL: write it whole, such as https://hooks.example.com/pulso.'
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) {
    return 'The URL must start with https:// (plain http is allowed only for a local test receiver).'
  }
  if (url.username || url.password) return 'The URL must not carry a user name or password: use the signing secret to trust us.'
  if (url.hash) return 'The URL must not have a #fragment: it is never sent.'
  const host = hostOf(url)
  if (isIP(host)) {
    const refusal = addressRefusal(host, allowPrivate)
    if (refusal) return `Not an address we deliver to: ${refusal}.`
    if (url.protocol === 'http:' && !isLoopback(host)) return 'Plain http is allowed only for a loopback receiver.'
  }
  return null
}
