import { z } from 'zod'
import { locales } from './welcome-email.ts'

/** The same rule as the waitlist's CHECK constraint, so both sides agree on what an address is. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

const NAME_OR_ROLE = '1 to 200 characters'
const ADDRESS = 'a valid address of at most 254 characters'

/** A text of 1 to 200 characters once trimmed. */
const shortText = () => z.string({ error: NAME_OR_ROLE }).trim().min(1, NAME_OR_ROLE).max(200, NAME_OR_ROLE)

const welcomeRequestSchema = z
  .object(
    {
      // Control characters (CR/LF above all, NUL, tabs) become spaces: the name can never inject a
      // mail header, and the database never sees a character it refuses.
      name: z
        .string({ error: NAME_OR_ROLE })
        .transform((name) => name.replace(/\p{Cc}+/gu, ' '))
        .pipe(shortText()),
      email: z.string({ error: ADDRESS }).trim().max(254, ADDRESS).regex(EMAIL, ADDRESS),
      role: shortText(),
      lang: z.enum(locales, { error: `one of ${locales.join(', ')}` }).default('pt'),
    },
    { error: 'The body must be a JSON object.' },
  )
  .transform(({ lang, ...fields }) => ({ ...fields, locale: lang }))

type WelcomeRequest = z.output<typeof welcomeRequestSchema>

type Parsed = { ok: true; value: WelcomeRequest } | { ok: false; message: string }

/** `{name, email, role, lang?}`, trimmed; the message names every field that is wrong, once. */
export function parseWelcomeRequest(body: unknown): Parsed {
  const parsed = welcomeRequestSchema.safeParse(body)
  if (parsed.success) return { ok: true, value: parsed.data }
  const notAnObject = parsed.error.issues.find((issue) => issue.path.length === 0)
  if (notAnObject) return { ok: false, message: notAnObject.message }
  const problems = new Set(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  return { ok: false, message: `Invalid request: ${[...problems].join('; ')}.` }
}
