// supabase-js's own list of the headers its clients send, kept in step with the client's version.
import { corsHeaders } from '@supabase/supabase-js/cors'

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'content-type': 'application/json' } })
}

export type Log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void
