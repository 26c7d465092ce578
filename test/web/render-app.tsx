import { onTestFinished } from 'vitest'
import { act, render } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import userEvent, { type Options } from '@testing-library/user-event'
import { SWRConfig, type Cache, type SWRConfiguration } from 'swr'
import type { ReactNode } from 'react'
import { App } from '../../web/src/app/app.tsx'
import { isSignupRoute, matchRoute } from '../../web/src/shared/routes.ts'
import { localPublicConfig } from '../../web/src/shared/config/public-config.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import type { Locale } from '../../schemas/locales.ts'
import { SignupPageView, type SignupPageViewProps } from '../../web/src/features/signup-pages/signup-page-view.tsx'
import type { SectionHydration } from '../../web/src/shared/hydration/section-hydration.ts'
import { pausedOnceTestEnds } from './renders-end.ts'

interface RenderAppOptions {
  /** The address the visitor opened (a #hash may follow); the route is matched from its path as main.tsx does. */
  path?: string
  preferredLocale?: Locale
  initialContent?: PageContent | undefined
  /** For the sign-up pages, what the server renders them with. */
  signupPage?: Omit<SignupPageViewProps, 'page'>
  user?: Options
  /** Whether sign-ups carry a proof of work (the public config's captcha); off unless a test turns it on. */
  captcha?: boolean
  /** SWR options around the app's own (which win), such as watchContentFetches().config. */
  swr?: SWRConfiguration
  /** The arms of running experiments the server put in the page's config (none: not in one). */
  arms?: string[]
  /** The page the server found at `path` (its document id), for an address other than the home page's. */
  pageId?: string
}

/** Puts back what the page changes outside React: the address, the language cookie, <html lang>. */
function resetDocument(path = '/'): void {
  window.history.replaceState(null, '', path)
  document.cookie = 'lang=; Path=/; Max-Age=0'
  document.documentElement.lang = ''
}

type AppOptions = Pick<RenderAppOptions, 'signupPage' | 'captcha' | 'arms' | 'pageId'> & {
  path: string
  preferredLocale: Locale
  initialContent: PageContent | undefined
  sectionHydration?: SectionHydration
}

/** The sign-up page at `path`, as entry-server.tsx draws it; none where the address is not one. */
function signupPageFor(path: string, props: Omit<SignupPageViewProps, 'page'>) {
  const route = matchRoute(path)
  return isSignupRoute(route) ? <SignupPageView page={route.page} {...props} /> : undefined
}

/**
 * The whole app as main.tsx makes it, with the local stack's public config (without the proof of
 * work unless asked for) and an SWR cache of its own.
 */
function app({ path, preferredLocale, initialContent, signupPage, captcha = false, sectionHydration, arms, pageId }: AppOptions) {
  const config = captcha === localPublicConfig.captcha ? localPublicConfig : { ...localPublicConfig, captcha }
  return (
    <App
      route={matchRoute(path, pageId)}
      path={path}
      preferredLocale={preferredLocale}
      config={arms ? { ...config, variants: arms } : config}
      initialContent={initialContent}
      swrProvider={() => new Map() as Cache}
      {...(signupPage ? { signupPage: signupPageFor(path, signupPage) } : {})}
      {...(sectionHydration ? { sectionHydration } : {})}
    />
  )
}

/**
 * Renders the whole app as main.tsx does; each render has a cache of its own (SWR's global
 * cache would carry content from one test to the next), inside `swr`'s options when given.
 */
export function renderApp({
  path = '/en',
  preferredLocale = 'pt',
  initialContent,
  signupPage,
  user,
  captcha,
  swr,
  arms,
  pageId,
}: RenderAppOptions = {}) {
  resetDocument(path)
  const isPaused = pausedOnceTestEnds()
  const view = render(
    app({
      path: window.location.pathname,
      preferredLocale,
      initialContent,
      signupPage,
      captcha,
      ...(arms ? { arms } : {}),
      ...(pageId ? { pageId } : {}),
    }),
    {
      wrapper: ({ children }: { children: ReactNode }) => <SWRConfig value={{ isPaused, ...swr }}>{children}</SWRConfig>,
    },
  )
  // No pause between keystrokes: the page does not debounce input, and the machine may be slow.
  return { user: userEvent.setup({ delay: null, ...user }), ...view }
}

/** The page as the server prerenders it (its markup only), for what it must hold before any script runs. */
export function prerenderApp({ path = '/en', preferredLocale = 'pt', initialContent }: Omit<RenderAppOptions, 'user'> = {}) {
  return renderToString(app({ path, preferredLocale, initialContent }))
}

/**
 * The prerender of `path`, then hydrated in the page as main.tsx hydrates it, each section waiting
 * on `sectionHydration`. Unmounted when the test ends: the page is not testing-library's to clean up.
 */
export async function hydrateApp({
  path = '/en',
  preferredLocale = 'pt',
  initialContent,
  sectionHydration,
}: Pick<RenderAppOptions, 'path' | 'preferredLocale' | 'initialContent'> & { sectionHydration: SectionHydration }) {
  resetDocument(path)
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToString(app({ path, preferredLocale, initialContent }))
  // A mismatch, or an update a waiting section could not take, has React drop the prerender: the test must see it.
  const recoverableErrors: unknown[] = []
  const root = await act(async () =>
    hydrateRoot(container, app({ path, preferredLocale, initialContent, sectionHydration }), {
      onRecoverableError: (error) => recoverableErrors.push(error),
    }),
  )
  onTestFinished(() => {
    act(() => root.unmount())
    container.remove()
  })
  return { container, recoverableErrors, user: userEvent.setup({ delay: null }) }
}
