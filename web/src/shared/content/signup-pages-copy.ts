import type { SignupPagesQueryResult } from '../../../../schemas/sanity.types.ts'
import type { Locale } from '../../../../schemas/locales.ts'
import { localize } from './localize.ts'
import { fill } from './fill.ts'
import { resolveReferralCopy } from './referral-copy.ts'
import { FALLBACK_CONSENT_VERSION, signupFallbacks, type SignupFallbackCopy } from './signup-fallbacks.ts'

export type SignupPagesContent = SignupPagesQueryResult

/** What the page a personal link opens does with it. */
export type LinkAction = 'confirm' | 'remove'

/**
 * Where a personal link stands: `ready` (the page asks before it acts), `done`, `gone` (the
 * place no longer exists), `expired`, `invalid` (altered, forged or for the other action), or
 * `unavailable` (it could not be checked now).
 */
export const linkStates = ['ready', 'done', 'gone', 'expired', 'invalid', 'unavailable'] as const
export type LinkState = (typeof linkStates)[number]

export interface Notice {
  title: string
  body: string
  /** The button that acts, on a page that asks first. */
  button?: string
}

/**
 * The sign-up pages' copy in one language: content first, then the typed fallback, with
 * {brand}, {email}, {days} and {version} filled in.
 */
export function resolveSignupPagesCopy(content: SignupPagesContent | undefined, locale: Locale, retentionDays: number) {
  const fb = signupFallbacks[locale]
  const { settings, pages, privacy, referrals } = content ?? {}
  const brandName = settings?.brandName?.trim() || 'Pulso'
  const values = {
    brand: brandName,
    email: settings?.email?.trim() || fb.contactEmail,
    days: String(retentionDays),
  }
  type PageKey = Exclude<keyof SignupFallbackCopy, 'contactEmail' | `privacy${string}`>
  const page = (key: PageKey) => fill(localize(pages?.[key], locale) ?? fb[key], values)
  const notice = (prefix: string, button?: PageKey): Notice => ({
    title: page(`${prefix}Title` as PageKey),
    body: page(`${prefix}Body` as PageKey),
    ...(button ? { button: page(button) } : {}),
  })

  // The page's words come from the document only when its own text is there in this language.
  const sections = (privacy?.sections ?? []).flatMap((section) => {
    const heading = localize(section.heading, locale)
    const body = localize(section.body, locale)
    return heading && body ? [{ key: section._key, heading, body: fill(body, values) }] : []
  })
  const fromContent = Boolean(privacy?.version && localize(privacy.intro, locale) && sections.length > 0)
  const version = fromContent && privacy?.version ? privacy.version : FALLBACK_CONSENT_VERSION

  return {
    brandName,
    homeLink: page('homeLink'),
    confirm: {
      ready: notice('confirm', 'confirmButton'),
      done: notice('confirmed'),
      expired: notice('confirmExpired'),
    },
    gone: notice('gone'),
    remove: {
      ready: notice('remove', 'removeButton'),
      done: notice('removed'),
      expired: notice('removeExpired'),
    },
    invalid: notice('invalid'),
    unavailable: notice('unavailable'),
    referrals: resolveReferralCopy(referrals, locale, brandName),
    privacy: {
      title: localize(privacy?.title, locale) ?? fb.privacyTitle,
      intro: fill((fromContent && localize(privacy?.intro, locale)) || fb.privacyIntro, values),
      sections: fromContent
        ? sections
        : fb.privacySections.map((section, i) => ({ key: `section-${i + 1}`, ...section, body: fill(section.body, values) })),
      versionLine: fill(localize(privacy?.versionLabel, locale) ?? fb.privacyVersionLabel, { version }),
    },
  }
}

export type SignupPagesCopy = ReturnType<typeof resolveSignupPagesCopy>

/**
 * What the page shows for one action in one state. A place gone is the same page from either link:
 * a removal link says "you have left" only while the backend knows it (its `done`).
 */
export function linkNotice(copy: SignupPagesCopy, action: LinkAction, state: LinkState): Notice {
  if (state === 'invalid' || state === 'unavailable' || state === 'gone') return copy[state]
  return action === 'remove' ? copy.remove[state] : copy.confirm[state]
}
