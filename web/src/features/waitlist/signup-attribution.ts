import type { Locale } from '../../../../schemas/locales.ts'
import { deviceClass } from '../../../../supabase/functions/_shared/analytics/device-class.ts'
import { visitSource } from '../../../../supabase/functions/_shared/analytics/visit-source.ts'
import { INITIAL_CONTENT_ELEMENT_ID } from '../../shared/config/public-config.ts'
import type { PageContent } from '../../shared/content/page-copy.ts'
import { PAGE_ID } from '../../../../schemas/page-id.ts'

/**
 * What a sign-up says about where it came from (docs/product.md §8.3), read by the sign-up code
 * (loaded when the form is first used, never with the page) from its own page, by the same rules
 * the server applies to page views: the campaign parameters, the referring site's host, the page's
 * language and the device class, and the page it is on. Nothing at all under Global Privacy Control.
 * The arms of the copy experiments are not said: the database finds them from the request itself
 * (docs/product.md §12).
 */
export function signupAttribution(lang: Locale): Record<string, string> {
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return {}
  const page = shownPage()
  return {
    ...visitSource(window.location.search, document.referrer, [window.location.hostname]),
    signup_locale: lang,
    signup_device: deviceClass(navigator.userAgent),
    ...(page ? { signup_page: page } : {}),
  }
}

/**
 * The page the form is on (its document id, docs/decisions/0078-counted-per-page.md), as the server
 * embedded it with the page's content: what the sign-up and the form's start are counted on.
 */
export function shownPage(): string | undefined {
  const embedded = document.getElementById(INITIAL_CONTENT_ELEMENT_ID)?.textContent
  const id = embedded ? (JSON.parse(embedded) as PageContent | null)?.page?._id : undefined
  return id && PAGE_ID.test(id) ? id : undefined
}
