/**
 * Who a visitor is for the copy experiments (docs/decisions/0064-experiment-visitors-per-client.md):
 * under a day's salt, a hash of the client (as the database names it: an IPv4 address, an IPv6 /64)
 * and its User-Agent, and a hash of the client alone. The database computes the same two from a
 * sign-up's own request (experiments.keyed in supabase/migrations/20261204090000_exposures_per_client.sql),
 * so the sign-up finds the exposure of the visitor who sends it, without anything of the request
 * being believed. The arm is drawn from the visitor's hash (assignment.ts). Both go with the salt.
 */
import { createHash } from 'node:crypto'
import { fromHex } from '../../supabase/functions/_shared/analytics/visitor-id.ts'

/** A User-Agent is read this far, as the database reads it. */
const USER_AGENT_CHARS = 512
const KEPT_BYTES = 16

/** experiments.keyed: SHA-256 of the salt's bytes, then the purpose and the subject as UTF-8, cut to 16 bytes. */
function keyed(salt: string, purpose: 'client' | 'visitor', subject: string): string {
  return createHash('sha256')
    .update(fromHex(salt))
    .update(`pulso-experiment-${purpose}\n${subject}`)
    .digest()
    .subarray(0, KEPT_BYTES)
    .toString('hex')
}

export interface ExperimentVisitor {
  /** The client's hash of the day (hex): one visitor of it is counted a day. */
  client: string
  /** The visitor's hash of the day (hex): what its arm is drawn from, and what its sign-up is matched by. */
  visitor: string
}

/** The hashes of the client `client` (clientAsTheDatabaseNamesIt) with `userAgent` under the day's `salt` (hex). */
export function experimentVisitor(salt: string, client: string, userAgent: string): ExperimentVisitor {
  // By code points, as PostgreSQL's left() counts characters: a pair is never split.
  const agent = userAgent.length <= USER_AGENT_CHARS ? userAgent : Array.from(userAgent).slice(0, USER_AGENT_CHARS).join('')
  return { client: keyed(salt, 'client', client), visitor: keyed(salt, 'visitor', `${client}\n${agent}`) }
}
