import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { clientAddress, clientKey } from '../http/client-address.ts'
import type { RequestLimit } from '../config.ts'
import { locales, type Locale } from '../../schemas/locales.ts'
import { pathOf } from '../../web/src/shared/routes.ts'
import type { PublicConfig } from '../../web/src/shared/config/public-config.ts'
import type { LinkAction, LinkState, SignupPagesContent } from '../../web/src/shared/content/signup-pages-copy.ts'
import type { QuerySource } from './query-source.ts'
import type { PageRenderer } from './page-renderer.ts'
import { allowInlineSources } from './security-headers.ts'
import type { LinkActions } from './link-actions.ts'
import { MAX_LINK_TOKEN_LENGTH } from '../../supabase/functions/_shared/links/link-token.ts'
import type { PageViews } from '../analytics/page-views.ts'
import { registerReferralPages, standingView, type ReferralPagesOptions } from './referral-pages.ts'

export interface LinkRoutesOptions {
  renderer: PageRenderer
  publicConfig: PublicConfig
  /** The sign-up pages' copy, checked against the schema's types; undefined: the fallbacks. */
  content: QuerySource<SignupPagesContent | undefined>
  /** How long an unconfirmed place is kept ({days} on the privacy page). */
  retentionDays: number
  links: LinkActions
  /** Requests per client address to these pages (each a call to the links function, a page render). */
  rate: RequestLimit
  /** Counts the pages sent, when counting is on (docs/product.md §8.1). */
  pageViews: PageViews | undefined
  /** What a confirmed person's page links to: their referral link and the leaderboard (docs/product.md §13.1). */
  referrals: ReferralPagesOptions
}

/** Counters kept at once, the least recently seen forgotten first: memory bounded whatever the addresses. */
const COUNTERS_KEPT = 10_000

const STATUS: Record<LinkState, number> = { ready: 200, done: 200, gone: 410, expired: 410, invalid: 400, unavailable: 503 }

/**
 * The pages of the welcome's personal links and the privacy note, in each language
 * (docs/product.md §4.5), and the referral pages (§13.1, referral-pages.ts). A GET only shows where the link stands, with a button when it can act;
 * the POST that button (or a mail provider's one-click unsubscribe, RFC 8058) sends acts, and
 * answers 200 once done.
 */
export const linkRoutes: FastifyPluginAsync<LinkRoutesOptions> = async (
  app,
  { renderer, publicConfig, content, retentionDays, links, rate, pageViews, referrals },
) => {
  await app.register(fastifyRateLimit, {
    keyGenerator: clientKey,
    max: rate.maxHits,
    timeWindow: rate.perSeconds * 1000,
    cache: COUNTERS_KEPT,
  })
  // A form post (urlencoded or multipart) carries nothing needed: the token is in the address.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16_384 }, (_request, _body, done) => done(null, undefined))

  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    path: string,
    link?: LinkState,
    standing?: Parameters<typeof standingView>[0],
  ) {
    const signupContent = await content().catch((error: unknown) => {
      request.log.error({ err: error }, 'sign-up pages content unavailable, rendering the fallbacks')
      return undefined
    })
    const page = renderer.render({
      path,
      preferredLocale: locale,
      content: undefined,
      config: publicConfig,
      signup: {
        content: signupContent,
        retentionDays,
        ...(link ? { link } : {}),
        ...(standing ? { standing: standingView(standing, referrals) } : {}),
      },
    })
    const status = link ? STATUS[link] : page.status
    pageViews?.pageSent(request, { status, preview: false, language: locale, path })
    allowInlineSources(reply, page.sources)
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', link ? 'no-store' : 'no-cache')
      .send(page.html)
  }

  const linkPage = (action: LinkAction, locale: Locale, apply: boolean) => {
    const path = pathOf(action, locale)
    return async (request: FastifyRequest<{ Querystring: { token?: unknown } }>, reply: FastifyReply) => {
      const { token } = request.query
      const readable = typeof token === 'string' && token.length > 0 && token.length <= MAX_LINK_TOKEN_LENGTH
      const client = { address: clientAddress(request), userAgent: request.headers['user-agent'] ?? '' }
      const { state, standing } = readable ? await links({ action, token, apply, client }) : { state: 'invalid' as const }
      // The token must not travel on to another site in a Referer.
      reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex')
      return sendPage(request, reply, locale, path, state, action === 'confirm' ? standing : undefined)
    }
  }

  for (const locale of locales) {
    for (const action of ['confirm', 'remove'] as const) {
      app.get(pathOf(action, locale), linkPage(action, locale, false))
      app.post(pathOf(action, locale), linkPage(action, locale, true))
    }
    app.get(pathOf('privacy', locale), (request, reply) => sendPage(request, reply, locale, pathOf('privacy', locale)))
  }
  registerReferralPages(app, { renderer, publicConfig, content, retentionDays, links, ...referrals })
}
