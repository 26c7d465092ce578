import type { SupabaseClient } from '@supabase/supabase-js'
import type { PublicConfig } from '../app/public-config.ts'
import { resolveOrigin } from '../app/public-config.ts'

let pending: Promise<SupabaseClient> | undefined

/**
 * supabase-js is loaded the first time the form is used, not with the page: most
 * visitors never sign up, and the page paints sooner without it.
 */
export function loadSupabase({ supabase }: PublicConfig, origin: string): Promise<SupabaseClient> {
  pending ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(resolveOrigin(supabase.url, origin), supabase.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  )
  return pending
}
