/**
 * Where the Launch tool's sessions live (supabase/migrations/20261203090200_launch_sessions.sql): the
 * sign-ups' database, on this server's own connection or on the hosted project's over its RPC with
 * the secret key, so that every instance of the site sees a session end at once. Credentials are
 * named by their SHA-256 in hex; the credential itself never leaves the browser and this server.
 */
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { secretRpc, type SecretRpcOptions } from '../supabase/secret-rpc.ts'

export interface NewSession {
  actor: string
  /** The proof's nonce: a session per proof, ever. */
  nonce: string
  nonceExpiresAt: Date
  credentialHash: string
}

export interface SessionStore {
  /** False when the proof's nonce opened a session before. */
  open(session: NewSession): Promise<boolean>
  /** The Studio user of a live session, or null. */
  actor(credentialHash: string): Promise<string | null>
  /** False when the session was not live. */
  end(credentialHash: string): Promise<boolean>
  /** Ends every session of `actor`; how many were live. */
  endEverywhere(actor: string): Promise<number>
}

export function sqlSessionStore(db: Sql): SessionStore {
  const one = async <T>(text: string, params: unknown[]): Promise<T> => {
    const { rows } = await db.query<{ answer: T }>(`select ${text} as answer`, params)
    return rows[0]!.answer
  }
  return {
    open: ({ actor, nonce, nonceExpiresAt, credentialHash }) =>
      one('operator.session_open($1, $2, $3, $4)', [actor, nonce, nonceExpiresAt.toISOString(), credentialHash]),
    actor: (credentialHash) => one('operator.session_actor($1)', [credentialHash]),
    end: (credentialHash) => one('operator.session_end($1)', [credentialHash]),
    endEverywhere: (actor) => one('operator.session_end_everywhere($1)', [actor]),
  }
}

export function restSessionStore(options: SecretRpcOptions): SessionStore {
  const rpc = secretRpc(options)
  return {
    open: ({ actor, nonce, nonceExpiresAt, credentialHash }) =>
      rpc('operator_session_open', {
        p_actor: actor,
        p_nonce: nonce,
        p_nonce_expires_at: nonceExpiresAt.toISOString(),
        p_credential_hash: credentialHash,
      }),
    actor: (credentialHash) => rpc('operator_session_actor', { p_credential_hash: credentialHash }),
    end: (credentialHash) => rpc('operator_session_end', { p_credential_hash: credentialHash }),
    endEverywhere: (actor) => rpc('operator_session_end_everywhere', { p_actor: actor }),
  }
}
