import { json } from './http.ts'

/** Publishable (or legacy anon) keys open the functions a browser or the site calls; secret (or service-role) keys open all. */
export type KeyKind = 'public' | 'secret'

const ENV_NAMES: Record<KeyKind, { dictionary: string; legacy: string }> = {
  // What Supabase's Edge Runtime provides: JSON dictionaries of the new keys, the legacy JWT keys.
  public: { dictionary: 'SUPABASE_PUBLISHABLE_KEYS', legacy: 'SUPABASE_ANON_KEY' },
  secret: { dictionary: 'SUPABASE_SECRET_KEYS', legacy: 'SUPABASE_SERVICE_ROLE_KEY' },
}

/** The project's keys of one kind, from the environment the Edge Runtime gives every function. */
export function projectKeys(env: (name: string) => string | undefined, kind: KeyKind): string[] {
  const { dictionary, legacy } = ENV_NAMES[kind]
  const keys: string[] = []
  const named = env(dictionary)
  if (named) {
    try {
      const parsed: unknown = JSON.parse(named)
      if (parsed && typeof parsed === 'object') keys.push(...Object.values(parsed).filter((key) => typeof key === 'string'))
    } catch {
      // A malformed dictionary offers no key; the legacy one may still be there.
    }
  }
  const single = env(legacy)
  if (single) keys.push(single)
  return keys.filter((key) => key.length > 0)
}

/** Compares in time that does not depend on where two keys of the same length differ. */
function sameKey(presented: string, expected: string): boolean {
  if (presented.length !== expected.length) return false
  let difference = 0
  for (let i = 0; i < expected.length; i += 1) difference |= presented.charCodeAt(i) ^ expected.charCodeAt(i)
  return difference === 0
}

/**
 * With `verify_jwt = false` (supabase/config.toml) the gateway lets every request through, so a
 * function checks the caller's key itself: the `apikey` header supabase-js sends, or the bearer
 * token pg_cron's job sends. Publishable keys are not JWTs, which is why the gateway's own check
 * is off. A preflight carries no key and passes.
 */
export function requireProjectKey(allowed: readonly string[], handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS') return handler(request)
    const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '')
    const presented = [request.headers.get('apikey'), bearer].filter((key): key is string => Boolean(key))
    if (presented.some((key) => allowed.some((expected) => sameKey(key, expected)))) return handler(request)
    return json(401, {
      error: 'unauthorized',
      message: presented.length > 0 ? 'Invalid API key' : 'No API key found in request',
    })
  }
}
