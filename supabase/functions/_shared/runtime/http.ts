// supabase-js's own list of the headers its clients send, kept in step with the client's version.
import { corsHeaders } from '@supabase/supabase-js/cors'

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'content-type': 'application/json' } })
}

export type Log = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void

/**
 * The JSON body of a POST, or the answer to give instead: 405 for another method, 400 for a body
 * that is not JSON.
 */
export async function readJsonPost(request: Request): Promise<{ body: unknown } | { answer: Response }> {
  if (request.method !== 'POST') return { answer: json(405, { error: 'method_not_allowed', message: 'Use POST.' }) }
  try {
    return { body: await request.json() }
  } catch {
    return { answer: json(400, { error: 'invalid_json', message: 'The body must be JSON.' }) }
  }
}
