import { z } from 'zod'
import { canonicalEmail } from './email-address.ts'
import { locales } from './welcome-email.ts'

const NAME_OR_ROLE = '1 to 200 characters'
const ADDRESS = 'a plain address (local@domain) of at most 254 characters'
const VERSION = 'letters, digits and . _ : - (at most 64)'

/** What a consent version can be: the privacy note's rule for its version field, and guard.consent_versions'. */
export const CONSENT_VERSION = /^[\w.:-]{1,64}$/

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
      // In its canonical form, the one the waitlist stores (the same rule as its CHECK constraint).
      email: z.string({ error: ADDRESS }).transform((email, context) => {
        const canonical = canonicalEmail(email)
        if (canonical === undefined) context.addIssue({ code: 'custom', message: ADDRESS })
        return canonical ?? z.NEVER
      }),
      role: shortText(),
      lang: z.enum(locales, { error: `one of ${locales.join(', ')}` }).default('pt'),
      // The version of the consent text the form showed, kept until the person confirms
      // (docs/product.md §4.5). Optional: a page loaded before the form sent it still signs up.
      consentVersion: z.string({ error: VERSION }).regex(CONSENT_VERSION, VERSION).optional(),
      // The proof of work's solution (proof-of-work.ts), when the server asks for one.
      altcha: z.string({ error: 'the proof-of-work payload' }).max(16_384, 'the proof-of-work payload').optional(),
    },
    { error: 'The body must be a JSON object.' },
  )
  .transform(({ lang, ...fields }) => ({ ...fields, locale: lang }))

type WelcomeRequest = z.output<typeof welcomeRequestSchema>

type Parsed = { ok: true; value: WelcomeRequest } | { ok: false; message: string }

/** `{name, email, role, lang?, altcha?}`, trimmed; the message names every field that is wrong, once. */
export function parseWelcomeRequest(body: unknown): Parsed {
  const parsed = welcomeRequestSchema.safeParse(body)
  if (parsed.success) return { ok: true, value: parsed.data }
  const notAnObject = parsed.error.issues.find((issue) => issue.path.length === 0)
  if (notAnObject) return { ok: false, message: notAnObject.message }
  const problems = new Set(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`))
  return { ok: false, message: `Invalid request: ${[...problems].join('; ')}.` }
}
