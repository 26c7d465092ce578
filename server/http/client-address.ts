/**
 * Who "the client" is, for every per-client limit the server keeps: the sign-up limits in the
 * database (through the Supabase gateway's X-Forwarded-For) and the content endpoints' limits in
 * this process. It is the address Fastify reads under TRUST_PROXY: the connection's own unless
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed (README, "Security and abuse bounds").
 */
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { ServerConfig } from '../config.ts'

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify reads a bare hop count as "trust nothing" (it
 * cannot tell who the nearest hop is); a count here keeps Express's meaning, trusting that many
 * hops whoever they are, which is right only when nothing but those proxies can reach the server.
 */
export function trustProxyOption(trust: ServerConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

/** The client's address as TRUST_PROXY decides it. */
export function clientAddress(request: FastifyRequest): string {
  return request.ip
}

/**
 * What a client's limits count under: its address, with IPv6 clients counted per /64 (what one
 * home or machine is given), as the database's guard.client_address() counts them.
 */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(clientAddress(request))
}

/**
 * The client as the database's guard.client_address() writes it from a request's headers: an IPv4
 * address, or an IPv6 /64 as `2001:db8:1:2::/64`. What the copy experiments hash on the server, to
 * find the same visitor in the database at its sign-up (docs/decisions/0064-experiment-visitors-per-client.md).
 */
export function clientAsTheDatabaseNamesIt(address: string): string {
  const key = normalizeIP(address)
  return key.includes(':') ? `${key}/64` : key
}
