import type { SupabaseClient } from '@supabase/supabase-js'
import type { PublicConfig } from '../../shared/config/public-config.ts'
import { resolveOrigin } from '../../shared/config/public-config.ts'

const clients = new WeakMap<PublicConfig, Promise<SupabaseClient>>()

/**
 * One client per page config. supabase-js is loaded the first time the form is used, not with
 * the page: most visitors never sign up, and the page paints sooner without it.
 */
export function loadSupabase(config: PublicConfig): Promise<SupabaseClient> {
  let client = clients.get(config)
  if (!client) {
    const { url, anonKey } = config.supabase
    client = import('@supabase/supabase-js').then(({ createClient }) =>
      createClient(resolveOrigin(url, window.location.origin), anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    )
    clients.set(config, client)
  }
  return client
}
