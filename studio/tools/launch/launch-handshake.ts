import { newLaunchProof, type LaunchProof } from '../../../schemas/launch-proof.ts'
import type { LaunchApi, LaunchSession } from './launch-api.ts'

/** What the handshake needs of Sanity's client: the Studio user's own session writes and deletes. */
export interface ProofWriter {
  create(document: LaunchProof): Promise<unknown>
  delete(id: string): Promise<unknown>
}

/**
 * Proves the Studio user to the site without handing the browser a token
 * (docs/decisions/0043-launch-tool.md): a nonce from the site, written in a private document (the
 * dot in its id keeps it from the public) with the user's session, read back by the site with its
 * viewer token, exchanged for the tool's credential. The proof is deleted after, whatever the answer.
 */
export async function openLaunchSession(api: LaunchApi, writer: ProofWriter): Promise<LaunchSession> {
  const proof = newLaunchProof((await api.nonce()).nonce)
  await writer.create(proof)
  try {
    return await api.openSession(proof._id)
  } finally {
    await writer.delete(proof._id).catch(() => undefined)
  }
}
