/** What supabase-js sends with functions.invoke; the preflight must allow all of it. */
export const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'content-type': 'application/json' } })
}

export type Log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void
