import type { Locale } from '../welcome/welcome-email.ts'

/** A localized text as the content API returns it. */
type Localized = Partial<Record<Locale, string | null>> | null | undefined

/**
 * A mail document as the mail copy query answers it (`mail-copy-query.ts`), for a copy with these
 * keys: a localized text for each text, a list of them for each list. The generated query type fits.
 */
export type LocalizedContent<Copy> = { [Key in keyof Copy]: Copy[Key] extends string[] ? Localized[] | null : Localized }

/** What every message of the outbox reads from the site settings: the brand and the contact address. */
export interface MailSettingsContent {
  settings: { brandName: string | null; email: string | null } | null
}

const FALLBACK_BRAND = 'Pulso'

const inLocale = (value: Localized, locale: Locale) => value?.[locale]?.trim() || undefined

function list(values: Localized[] | null | undefined, locale: Locale): string[] | undefined {
  const texts = (values ?? []).flatMap((value) => inLocale(value, locale) ?? [])
  return texts.length > 0 ? texts : undefined
}

/**
 * A message's copy in one language: each text (or list) from the document when it has it in that
 * language, from the fallback otherwise. The fallback's keys are the copy's.
 */
export function copyIn<Copy extends { [Key in keyof Copy]: string | string[] }>(
  document: LocalizedContent<Copy> | null | undefined,
  fallback: Copy,
  locale: Locale,
): Copy {
  const copy = { ...fallback }
  for (const key of Object.keys(fallback) as (keyof Copy)[]) {
    const standIn = fallback[key]
    const content = document?.[key]
    // The mapped type ties each key's content to its fallback, which TypeScript cannot follow through a loop.
    const found = Array.isArray(standIn) ? list(content as Localized[] | null, locale) : inLocale(content as Localized, locale)
    if (found !== undefined) copy[key] = found as Copy[typeof key]
  }
  return copy
}

/** The brand the content names (the code's when it names none) and its contact address, if any. */
export function senderOf(content: MailSettingsContent | undefined) {
  return {
    brandName: content?.settings?.brandName?.trim() || FALLBACK_BRAND,
    contactEmail: content?.settings?.email?.trim() || undefined,
  }
}

/** Replaces {key} with its value; placeholders not given are left as they are. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}
