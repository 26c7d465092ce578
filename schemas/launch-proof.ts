/**
 * The Launch tool's proof (docs/decisions/0043-launch-tool.md): the document the Studio writes with
 * its user's session, holding the nonce the site issued. Written by the Studio's handshake and by
 * `npm run launch:open`, read by the site; not content, so not in the Studio's schema.
 */
export const LAUNCH_PROOF_TYPE = 'pulso.launchProof'

/** A dot in the id keeps the document from the public (Sanity's private path). */
export const LAUNCH_PROOF_ID = /^pulso-launch-proof\.[A-Za-z0-9-]{8,64}$/

export interface LaunchProof {
  _id: string
  _type: typeof LAUNCH_PROOF_TYPE
  nonce: string
}

/** A new proof for `nonce`, under an id of its own. */
export function newLaunchProof(nonce: string): LaunchProof {
  return { _id: `pulso-launch-proof.${crypto.randomUUID()}`, _type: LAUNCH_PROOF_TYPE, nonce }
}
