import { z } from 'zod'
import { locales } from './welcome-email.ts'

/** The same rule as the waitlist's CHECK constraint, so both sides agree on what an address is. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

const NAME_OR_ROLE = '1 to 200 characters'
const ADDRESS = 'a valid address of at most 254 characters'
const VERSION = 'letters, digits and . _ : - (at most 64)'

/** A text of 1 to 200 characters once trimmed. */
const shortText = () => z.string({ error: NAME_OR_ROLE }).trim().min(1, NAME_OR_ROLE).max(200, NAME_OR_ROLE)

const welcomeRequestSchema = z
  .object(
    {
      // CR/LF become spaces, so the name can never inject a mail header.
      name: z
        .string({ error: NAME_OR_ROLE })
        .transform((name) => name.replace(/[\r\n]+/g, ' '))
        .pipe(shortText()),
      email: z.string({ error: ADDRESS }).trim().max(254, ADDRESS).regex(EMAIL, ADDRESS),
      role: shortText(),
      lang: z.enum(locales, { error: `one of ${locales.join(', ')}` }).default('pt'),
      // The version of the consent text the form showed, kept until the person confirms
      // (docs/product.md §4.5). Optional: a page loaded before the form sent it still signs up.
      consentVersion: z
        .string({ error: VERSION })
        .regex(/^[\w.:-]{1,64}$/, VERSION)
        .optional(),
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
