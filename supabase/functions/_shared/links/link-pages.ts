import type { TokenPurpose } from './link-token.ts'
import type { Locale } from '../welcome/welcome-email.ts'

/**
 * Where each personal link opens, in the welcome's language. The site serves these paths
 * (web/src/shared/routes.ts, server/site/referral-pages.ts for the status page;
 * server/site/link-routes.test.ts checks that they agree).
 */
export const linkPaths: Record<TokenPurpose, Record<Locale, string>> = {
  confirm: { pt: '/confirmar', en: '/en/confirm' },
  remove: { pt: '/descadastrar', en: '/en/unsubscribe' },
  status: { pt: '/indicacoes', en: '/en/referrals' },
}

/** The full address of a personal link on the public site. */
export function linkUrl(siteUrl: string, purpose: TokenPurpose, locale: Locale, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${linkPaths[purpose][locale]}?token=${encodeURIComponent(token)}`
}

/** The personal referral link: the landing page in the person's language, carrying their code (`ref`, decision 0042). */
export function referralUrl(siteUrl: string, locale: Locale, code: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${locale === 'pt' ? '/' : `/${locale}`}?ref=${encodeURIComponent(code)}`
}
