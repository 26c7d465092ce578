import { renderToString } from 'react-dom/server'
import type { Cache } from 'swr'
import { ServerStyleSheet } from 'styled-components'
import { App, NotFoundPage, type AppProps } from './app/app.tsx'
import { SignupPageView } from './features/signup-pages/signup-page-view.tsx'
import { ReferralPageView, referralPageTitle, type ReferralPage } from './features/signup-pages/referral-pages.tsx'
import type { StandingView } from './features/signup-pages/standing-card.tsx'
import { isSignupRoute, matchRoute, routeLocale, type Route, type SignupPage } from './shared/routes.ts'
import { INITIAL_CONTENT_ELEMENT_ID, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from './shared/config/public-config.ts'
import { resolvePageCopy, type PageContent } from './shared/content/page-copy.ts'
import {
  linkNotice,
  resolveSignupPagesCopy,
  type LinkState,
  type SignupPagesContent,
} from './shared/content/signup-pages-copy.ts'
import { contentInLanguage } from './shared/content/content-in-language.ts'
import { buildHeadTags } from './shared/seo/head-tags.ts'
import { globalStyle } from './shared/theme/global-style.ts'
import { renderHeadTags } from './shared/seo/render-head-tags.ts'
import { keepPrerenderedStyles } from './shared/theme/prerendered-styles.ts'
import { localeTags, type Locale } from '../../schemas/locales.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { sectionRenderers } from './app/section-registry.ts'

export interface RenderRequest {
  path: string
  /** The page the server found at this address (its document id), when the address is not the home page's. */
  pageId?: string | undefined
  preferredLocale: Locale
  content: PageContent | undefined
  config: PublicConfig
  /**
   * For the sign-up pages: their content, the retention period ({days}), on a link's page its
   * state, and on a confirmed place's page where its person stands in line.
   */
  signup?: { content: SignupPagesContent | undefined; retentionDays: number; link?: LinkState; standing?: StandingView }
  /**
   * A referral page (docs/product.md §13), whatever the path: the server routes these itself, so
   * that the browser's router (and script) knows nothing of them.
   */
  referral?: { view: ReferralPage; locale: Locale; content: SignupPagesContent | undefined; retentionDays: number }
}

export interface RenderedPage {
  status: 200 | 404
  htmlLang: string
  head: string
  body: string
}

/** JSON inside <script> must not be able to close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The app's markup for these props, with its styles: the page-wide CSS, then what styled-components
 * collected while rendering (the server allows each by its hash, server/site/inline-sources.ts).
 */
function renderApp(props: Omit<AppProps, 'swrProvider'>): { body: string; styles: string } {
  const sheet = new ServerStyleSheet()
  try {
    const body = renderToString(sheet.collectStyles(<App {...props} swrProvider={() => new Map() as Cache} />))
    return { body, styles: [`<style>${globalStyle}</style>`, keepPrerenderedStyles(sheet.getStyleTags())].join('\n    ') }
  } finally {
    sheet.seal()
  }
}

/**
 * Loads what the first render needs beyond this bundle's own code (the not-found page and the section
 * kinds loaded lazily in the browser, app/section-registry.ts), so that `render` draws every page at once: the server calls it
 * before rendering.
 */
export const prepare = () =>
  Promise.all([
    NotFoundPage.preload(),
    ...Object.values(sectionRenderers).map((renderer) => ('preload' in renderer ? renderer.preload() : undefined)),
  ])

/** The prerender: the full page in the reader's language, with its CSS collected on the server. */
export function render({ path, pageId, preferredLocale, content, config, signup, referral }: RenderRequest): RenderedPage {
  if (referral) return renderReferralPage(referral, path, config)
  const matched = matchRoute(path, pageId)
  if (isSignupRoute(matched) && signup) return renderSignupPage(matched, path, config, signup)
  // A sign-up page's address the server did not route there (a trailing slash, say) is not found.
  const route: Route = isSignupRoute(matched) ? { page: 'notFound', locale: matched.locale } : matched
  const locale = routeLocale(route, preferredLocale)
  const { body, styles } = renderApp({ route, path, preferredLocale, config, initialContent: content })
  const copy = resolvePageCopy(content, locale, route.page === 'landing' && route.id === HOME_PAGE_ID)
  const head =
    route.page === 'landing'
      ? renderHeadTags(buildHeadTags(copy, config))
      : renderHeadTags({ title: `${copy.ui.notFoundTitle} · ${copy.brandName}`, links: [], meta: [] })
  return {
    status: route.page === 'landing' ? 200 : 404,
    htmlLang: localeTags[locale].html,
    head: [
      head,
      route.page === 'notFound' || copy.seo.noindex ? '<meta name="robots" content="noindex">' : '',
      styles,
      `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${scriptJson(config)}</script>`,
      // The reader's language only: the page fetches the other when idle, before anyone can switch to it.
      content
        ? `<script id="${INITIAL_CONTENT_ELEMENT_ID}" type="application/json">${scriptJson(contentInLanguage(content, locale))}</script>`
        : '',
    ].join('\n    '),
    body,
  }
}

/**
 * A sign-up page (confirmation, removal, privacy note): complete as rendered here, a form that
 * posts where it acts, so the browser has nothing to hydrate (main.tsx leaves it) and nothing is
 * embedded for it. Link pages stay out of search engines.
 */
function renderSignupPage(
  route: Extract<Route, { page: SignupPage }>,
  path: string,
  config: PublicConfig,
  signup: NonNullable<RenderRequest['signup']>,
): RenderedPage {
  const copy = resolveSignupPagesCopy(signup.content, route.locale, signup.retentionDays)
  const title = route.page === 'privacy' ? copy.privacy.title : linkNotice(copy, route.page, signup.link ?? 'invalid').title
  const { body, styles } = renderApp({
    route,
    path,
    preferredLocale: route.locale,
    config,
    initialContent: undefined,
    signupPage: <SignupPageView page={route.page} copy={copy} link={signup.link} standing={signup.standing} />,
  })
  return {
    status: 200,
    htmlLang: localeTags[route.locale].html,
    head: [
      renderHeadTags({ title: `${title} · ${copy.brandName}`, meta: [], links: [] }),
      route.page === 'privacy' ? '' : '<meta name="robots" content="noindex">',
      styles,
    ].join('\n    '),
    body,
  }
}

/** A referral page (status or leaderboard): rendered like the sign-up pages, kept out of search engines. */
function renderReferralPage(
  { view, locale, content, retentionDays }: NonNullable<RenderRequest['referral']>,
  path: string,
  config: PublicConfig,
): RenderedPage {
  const copy = resolveSignupPagesCopy(content, locale, retentionDays)
  const { body, styles } = renderApp({
    route: { page: 'referral', locale },
    path,
    preferredLocale: locale,
    config,
    initialContent: undefined,
    signupPage: <ReferralPageView view={view} copy={copy} />,
  })
  return {
    status: 200,
    htmlLang: localeTags[locale].html,
    head: [
      renderHeadTags({ title: `${referralPageTitle(view, copy)} · ${copy.brandName}`, meta: [], links: [] }),
      '<meta name="robots" content="noindex">',
      styles,
    ].join('\n    '),
    body,
  }
}
