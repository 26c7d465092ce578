import type { LinkPurpose } from './link-token.ts'
import type { Locale } from '../welcome/welcome-email.ts'

/**
 * Where each personal link opens, in the welcome's language. The site serves these paths
 * (web/src/shared/routes.ts; server/site/link-routes.test.ts checks that both agree).
 */
export const linkPaths: Record<LinkPurpose, Record<Locale, string>> = {
  confirm: { pt: '/confirmar', en: '/en/confirm' },
  remove: { pt: '/descadastrar', en: '/en/unsubscribe' },
}

/** The full address of a personal link on the public site. */
export function linkUrl(siteUrl: string, purpose: LinkPurpose, locale: Locale, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${linkPaths[purpose][locale]}?token=${encodeURIComponent(token)}`
}
