import type { Locale } from '../../../../schemas/locales.ts'
import { deviceClass } from '../../../../supabase/functions/_shared/analytics/device-class.ts'
import { visitSource } from '../../../../supabase/functions/_shared/analytics/visit-source.ts'

/**
 * What a sign-up says about where it came from (docs/product.md §8.3), read by the sign-up code
 * (loaded when the form is first used, never with the page) from its own page, by the same rules
 * the server applies to page views: the campaign parameters, the referring site's host, the page's
 * language and the device class. Nothing at all under Global Privacy Control. The arms of the copy
 * experiments are not said: the database finds them from the request itself (docs/product.md §12).
 */
export function signupAttribution(lang: Locale): Record<string, string> {
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) return {}
  return {
    ...visitSource(window.location.search, document.referrer, [window.location.hostname]),
    signup_locale: lang,
    signup_device: deviceClass(navigator.userAgent),
  }
}
