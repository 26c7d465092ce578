/**
 * The referral pages (docs/product.md §13.1, §13.4): a person's status page, opened from the signed
 * link in their emails, and the public leaderboard when marketers turned it on. Both are rendered
 * here like the sign-up pages and sent without the landing page's script: the browser's router does
 * not know these addresses (web/src/shared/routes.ts), so that script would draw a not-found page
 * over them, and knowing them would cost every visitor bytes (docs/decisions/0048-referrals.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { locales, type Locale } from '../../schemas/locales.ts'
import type { PublicConfig } from '../../web/src/shared/config/public-config.ts'
import type { LinkState, SignupPagesContent } from '../../web/src/shared/content/signup-pages-copy.ts'
import type { ReferralPage } from '../../web/src/features/signup-pages/referral-pages.tsx'
import type { StandingView } from '../../web/src/features/signup-pages/standing-card.tsx'
import { linkPaths, referralUrl } from '../../supabase/functions/_shared/links/link-pages.ts'
import { MAX_LINK_TOKEN_LENGTH } from '../../supabase/functions/_shared/links/link-token.ts'
import type { Standing } from '../../supabase/functions/_shared/referrals/standing.ts'
import { clientAddress } from '../http/client-address.ts'
import type { LinkActions } from './link-actions.ts'
import type { PageRenderer } from './page-renderer.ts'
import { inlineSources } from './inline-sources.ts'
import { allowInlineSources } from './security-headers.ts'
import type { QuerySource } from './query-source.ts'

export interface ReferralPagesOptions {
  /** The public site, which personal referral links point at. */
  siteUrl: string
}

/** The public leaderboard's address in each language (the status page's is the links', `linkPaths.status`). */
export const leaderboardPaths: Record<Locale, string> = { pt: '/indicacoes/ranking', en: '/en/referrals/leaderboard' }

/** What the pages show of a person's standing: the numbers, with their personal link made on this site. */
export function standingView(standing: Standing, { siteUrl }: ReferralPagesOptions): StandingView {
  const { state, place, waiting, credited, held, placesPerReferral, leaderboard } = standing
  return {
    state,
    place,
    waiting,
    credited,
    held,
    placesPerReferral,
    leaderboard,
    referralLink: referralUrl(siteUrl, standing.locale, standing.code),
  }
}

/** A status link that is not ours, or whose person is gone, is not found: nothing tells it apart from a page that never existed. */
const STATUS: Record<LinkState, number> = { ready: 200, done: 200, gone: 404, expired: 410, invalid: 404, unavailable: 503 }

/** The landing page's loader (web/index.html), which these pages must not carry. */
const PAGE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>[\s\S]*?<\/script>/g

export function withoutPageScript(html: string): string {
  return html.replace(PAGE_SCRIPT, '')
}

export interface ReferralRoutesOptions extends ReferralPagesOptions {
  renderer: PageRenderer
  publicConfig: PublicConfig
  content: QuerySource<SignupPagesContent | undefined>
  retentionDays: number
  links: LinkActions
}

/** Registers the status and leaderboard pages in the scope of the link pages (their rate limit and body handling). */
export function registerReferralPages(app: FastifyInstance, options: ReferralRoutesOptions) {
  const { renderer, publicConfig, content, retentionDays, links } = options

  async function send(request: FastifyRequest, reply: FastifyReply, locale: Locale, view: ReferralPage, status: number) {
    const signupContent = await content().catch((error: unknown) => {
      request.log.error({ err: error }, 'sign-up pages content unavailable, rendering the fallbacks')
      return undefined
    })
    const page = renderer.render({
      path: request.url.split('?')[0] ?? '/',
      preferredLocale: locale,
      content: undefined,
      config: publicConfig,
      referral: { view, locale, content: signupContent, retentionDays },
    })
    const html = withoutPageScript(page.html)
    allowInlineSources(reply, inlineSources(html))
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(html)
  }

  for (const locale of locales) {
    app.get(linkPaths.status[locale], async (request: FastifyRequest<{ Querystring: { token?: unknown } }>, reply) => {
      const { token } = request.query
      const readable = typeof token === 'string' && token.length > 0 && token.length <= MAX_LINK_TOKEN_LENGTH
      const client = { address: clientAddress(request), userAgent: request.headers['user-agent'] ?? '' }
      const { state, standing } = readable ? await links({ action: 'status', token, client }) : { state: 'invalid' as const }
      const view: ReferralPage = standing
        ? { page: 'status', state, standing: standingView(standing, options) }
        : { page: 'status', state }
      // The page speaks the person's language, whichever address their link used.
      return send(request, reply, standing?.locale ?? locale, view, STATUS[standing ? 'done' : state])
    })

    app.get(leaderboardPaths[locale], async (request, reply) => {
      const { state, leaderboard } = await links({ action: 'leaderboard' })
      if (leaderboard) return send(request, reply, locale, { page: 'leaderboard', leaderboard }, 200)
      return send(
        request,
        reply,
        locale,
        { page: 'status', state: state === 'unavailable' ? state : 'invalid' },
        state === 'unavailable' ? 503 : 404,
      )
    })
  }
}
