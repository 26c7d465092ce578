import { lookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookTransport } from './deliver-webhooks.ts'
import { addressRefusal, endpointUrlRefusal, isLoopback } from './endpoint-address.ts'

/**
 * A name's addresses, checked as the connection is made (not when the endpoint was saved: a name
 * can be pointed elsewhere since, or answer differently each time). Any address refused refuses
 * the name; plain http must stay on loopback.
 */
function guardedLookup(dnsLookup: typeof lookup, allowPrivate: boolean, plainHttp: boolean): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refusal =
        addresses.map(({ address }) => addressRefusal(address, allowPrivate)).find((reason) => reason !== null) ??
        (plainHttp && !addresses.every(({ address }) => isLoopback(address)) ? 'plain http outside loopback' : null)
      if (refusal) return callback(new Error(`Refused to connect: ${hostname} resolves to ${refusal}.`), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      const [first] = addresses
      if (!first) return callback(new Error(`${hostname} has no address.`), '', 0)
      callback(null, first.address, first.family)
    })
  }
}

/**
 * The self-hosted server's way to receivers: node:http(s) with every address checked at connect
 * time, redirects answered (never followed), one attempt bounded by `timeoutMs` from start to the
 * answer's status line, and no answer body read.
 */
export function guardedTransport({
  allowPrivate,
  dnsLookup = lookup,
}: {
  allowPrivate: boolean
  /** How names are resolved: the system's resolver, or a test's. */
  dnsLookup?: typeof lookup
}): WebhookTransport {
  return {
    post(text, headers, body, timeoutMs) {
      const refusal = endpointUrlRefusal(text, allowPrivate)
      if (refusal) return Promise.reject(new Error(refusal))
      const url = new URL(text)
      const plainHttp = url.protocol === 'http:'
      return new Promise<number>((resolve, reject) => {
        const outgoing = (plainHttp ? httpRequest : httpsRequest)(url, {
          method: 'POST',
          headers: { ...headers, 'content-length': new TextEncoder().encode(body).byteLength },
          lookup: guardedLookup(dnsLookup, allowPrivate, plainHttp),
          agent: false,
          signal: AbortSignal.timeout(timeoutMs),
        })
        outgoing.on('response', (response: IncomingMessage) => {
          resolve(response.statusCode ?? 0)
          response.destroy()
        })
        outgoing.on('error', (error) =>
          reject(error.name === 'AbortError' ? new Error(`No answer within ${timeoutMs / 1000} s.`) : error),
        )
        outgoing.end(body)
      })
    },
  }
}
