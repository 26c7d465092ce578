import { locales, type Locale } from './welcome-email.ts'

export interface WelcomeRequest {
  name: string
  email: string
  role: string
  locale: Locale
}

/** The same rule as the waitlist's CHECK constraint, so both sides agree on what an address is. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

type Parsed = { ok: true; value: WelcomeRequest } | { ok: false; message: string }

/** `{name, email, role, lang?}`: every problem is named; CR/LF in the name become spaces (no header injection). */
export function parseWelcomeRequest(body: unknown): Parsed {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, message: 'The body must be a JSON object.' }
  const { name, email, role, lang } = body as Record<string, unknown>
  const problems: string[] = []

  const cleanName = typeof name === 'string' ? name.replace(/[\r\n]+/g, ' ').trim() : ''
  if (cleanName.length === 0 || cleanName.length > 200) problems.push('name: 1 to 200 characters')
  const cleanEmail = typeof email === 'string' ? email.trim() : ''
  if (cleanEmail.length > 254 || !EMAIL.test(cleanEmail)) problems.push('email: a valid address of at most 254 characters')
  const cleanRole = typeof role === 'string' ? role.trim() : ''
  if (cleanRole.length === 0 || cleanRole.length > 200) problems.push('role: 1 to 200 characters')
  if (lang !== undefined && !locales.includes(lang as Locale)) problems.push(`lang: one of ${locales.join(', ')}`)

  if (problems.length > 0) return { ok: false, message: `Invalid request: ${problems.join('; ')}.` }
  return {
    ok: true,
    value: { name: cleanName, email: cleanEmail, role: cleanRole, locale: (lang as Locale | undefined) ?? 'pt' },
  }
}
