import type { PublicConfig } from '../app/public-config.ts'
import { loadSupabase } from './supabase-client.ts'

/** The toasts' container and `announce`, in a chunk of their own. */
export const loadToasts = () => import('./toasts.tsx')

/**
 * What a sign-up needs beyond the form itself, loaded when the form is first used (a field
 * focused, or the form sent), never with the page: most visitors never sign up, and the page is
 * interactive sooner without it. Whatever else a sign-up comes to need loads here as well.
 */
export async function loadSignupTools(config: PublicConfig) {
  const [supabase, { announce }] = await Promise.all([loadSupabase(config), loadToasts()])
  return { supabase, announce }
}
