// Test helper: visitors signing up through supabase-js, as the landing page does. The load tests,
// the fault tests and the benchmark all make their servers and clients here, so a server that
// learns to refuse floods (a proof of work, limits per client) changes this file only.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'

/** The anon key the self-hosted server accepts. */
export const LOCAL_ANON_KEY = 'local-anon-key'

/** Added to the environment of every server that takes a load of sign-ups. */
export const LOAD_SERVER_ENV: Readonly<Record<string, string>> = {
  // One machine stands for thousands of people: no proof of work, each visitor's address taken from
  // X-Forwarded-For as behind a proxy (visitor() sets one per visitor), limits far above the load.
  CAPTCHA: 'off',
  TRUST_PROXY: 'true',
  SIGNUP_LIMIT: '1000000/1m',
  WELCOME_LIMIT_PER_CLIENT: '1000000/1m',
}

/** The n-th visitor's address, as the proxy in front of the server names it (LOAD_SERVER_ENV trusts it). */
export const visitorAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

/** The n-th visitor: a client of its own, from an address of its own. */
export function visitor(baseUrl: string, n: number): SupabaseClient {
  return createClient(baseUrl, LOCAL_ANON_KEY, {
    auth: { persistSession: false },
    global: { headers: { 'x-forwarded-for': visitorAddress(n) } },
  })
}

export interface SignUpOutcome {
  /** HTTP status of each call (0: no answer at all). */
  insert: number
  welcome: number
  insertMs: number
  welcomeMs: number
}

/**
 * The form's two calls, timed: the insert into the waitlist, then the welcome function. `from`
 * names the visitor's address on both calls (a client reused for many visitors, as a load
 * generator reuses its connections); without it, the client's own headers say.
 */
export async function signUp(
  client: SupabaseClient,
  { email, name, lang = 'pt', from }: { email: string; name: string; lang?: 'pt' | 'en'; from?: string },
): Promise<SignUpOutcome> {
  const headers: Record<string, string> = from ? { 'x-forwarded-for': from } : {}
  const started = performance.now()
  const insert = client.from('waitlist').insert({ email, role: 'Gestora', company_size: 'unknown' })
  if (from) insert.setHeader('x-forwarded-for', from)
  const inserted = await insert.then(
    (result) => result.status,
    () => 0,
  )
  const between = performance.now()
  const welcomed = await client.functions
    .invoke('send-welcome-email', { body: { name, email, role: 'Gestora', lang }, headers })
    .then(
      ({ response }) => response?.status ?? 0,
      () => 0,
    )
  return { insert: inserted, welcome: welcomed, insertMs: between - started, welcomeMs: performance.now() - between }
}
