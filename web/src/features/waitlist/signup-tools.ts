import type { PublicConfig } from '../../shared/config/public-config.ts'
import type { ProofOfWork } from './proof-of-work.ts'
import { loadSupabase } from './supabase-client.ts'

/** The toasts' container and `announce`, in a chunk of their own. */
export const loadToasts = () => import('./toasts.tsx')

const proofs = new WeakMap<PublicConfig, Promise<ProofOfWork>>()

/** One proof of work per page: it solves ahead while the visitor types and hands each sign-up a fresh solution. */
function proofOfWorkFor(config: PublicConfig): Promise<ProofOfWork> {
  let proof = proofs.get(config)
  if (!proof) {
    proof = import('./proof-of-work.ts').then(({ createProofOfWork }) => createProofOfWork(() => loadSupabase(config)))
    proofs.set(config, proof)
  }
  return proof
}

/**
 * What a sign-up needs beyond the form itself, loaded when the form is first used (a field
 * focused, or the form sent), never with the page: most visitors never sign up, and the page is
 * interactive sooner without it. The proof of work, when the site asks for one, starts solving here.
 */
export async function loadSignupTools(config: PublicConfig) {
  const [supabase, { announce }, { joinWaitlist }, proofOfWork] = await Promise.all([
    loadSupabase(config),
    loadToasts(),
    import('./join-waitlist.ts'),
    config.captcha ? proofOfWorkFor(config) : undefined,
  ])
  proofOfWork?.start()
  return { supabase, announce, joinWaitlist, proofOfWork }
}
