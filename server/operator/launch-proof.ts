import { LAUNCH_PROOF_ID, LAUNCH_PROOF_TYPE } from '../../schemas/launch-proof.ts'
import type { LaunchNonces } from './launch-nonce.ts'
import type { ProvenUser } from './launch-session.ts'
import type { StudioDocuments } from './studio-documents.ts'

/** Sanity's user ids, as the audit log keeps them. */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/

export type ProofOutcome = ProvenUser | { refused: string }

/**
 * Checks the proof the Studio wrote with its user's own session (docs/decisions/0043-launch-tool.md):
 * a private document holding a nonce this site issued less than a minute ago, written, as the
 * dataset's history says, by a user of the project. That the nonce was never used before is the
 * session's to check, as it is opened (launch-session.ts). The refusal's reason is for the log; the
 * caller answers every refusal alike.
 */
export async function checkProof(
  proofId: unknown,
  { nonces, documents }: { nonces: LaunchNonces; documents: StudioDocuments },
): Promise<ProofOutcome> {
  if (typeof proofId !== 'string' || !LAUNCH_PROOF_ID.test(proofId)) return { refused: 'not a proof id' }
  const proof = await documents.get(proofId)
  if (!proof || proof._type !== LAUNCH_PROOF_TYPE) return { refused: 'no such proof' }
  const expiresAt = nonces.check(proof.nonce)
  if (!expiresAt) return { refused: 'the nonce was not issued here, or has expired' }
  const author = await documents.author(proofId)
  if (!author || !USER_ID.test(author)) return { refused: 'the history names no user' }
  return { actor: author, nonce: proof.nonce as string, nonceExpiresAt: expiresAt }
}
