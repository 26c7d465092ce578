import type { ReactNode } from 'react'
import { ThemeProvider } from 'styled-components'
import { SWRConfig, type Cache } from 'swr'
import { theme } from '../shared/theme/theme.ts'
import { swrOptions } from '../shared/content/swr-options.ts'
import { PAGE_CONTENT_KEY } from '../shared/content/use-page-copy.ts'
import type { PageContent } from '../shared/content/page-copy.ts'
import { fallbacks } from '../shared/content/fallbacks.ts'
import { LocaleProvider } from '../shared/i18n/locale-context.tsx'
import { LandingPage } from './landing-page.tsx'
import { PublicConfigContext } from '../shared/config/public-config-context.tsx'
import type { PublicConfig } from '../shared/config/public-config.ts'
import { AppErrorBoundary } from './error-boundary.tsx'
import { lazyComponent } from './lazy-component.tsx'
import { routeLocale, type Route } from '../shared/routes.ts'
import { SectionHydrationContext, type SectionHydration } from '../shared/hydration/section-hydration.ts'
import type { Locale } from '../../../schemas/locales.ts'

export interface AppProps {
  route: Route
  path: string
  /** The reader's language on pages whose address does not say it (the 404). */
  preferredLocale: Locale
  config: PublicConfig
  initialContent: PageContent | undefined
  /** Each render on the server gets its own cache; the browser keeps SWR's global one. */
  swrProvider?: () => Cache
  /** On a sign-up page's address, that page as the server draws it (features/signup-pages/signup-page-view.tsx); server only. */
  signupPage?: ReactNode
  /** When each section may hydrate, given only when the browser hydrates a prerender (main.tsx). */
  sectionHydration?: SectionHydration
}

export function App({
  route,
  path,
  preferredLocale,
  config,
  initialContent,
  swrProvider,
  signupPage,
  sectionHydration,
}: AppProps) {
  const locale = routeLocale(route, preferredLocale)
  return (
    <PublicConfigContext.Provider value={config}>
      <ThemeProvider theme={theme}>
        <AppErrorBoundary message={fallbacks[locale].unexpectedError}>
          <SWRConfig
            value={{
              ...swrOptions,
              ...(swrProvider ? { provider: swrProvider } : {}),
              fallback: initialContent ? { [PAGE_CONTENT_KEY]: initialContent } : {},
            }}
          >
            <SectionHydrationContext value={sectionHydration}>
              <LocaleProvider initialLocale={locale}>
                <Page route={route} path={path} signupPage={signupPage} />
              </LocaleProvider>
            </SectionHydrationContext>
          </SWRConfig>
        </AppErrorBoundary>
      </ThemeProvider>
    </PublicConfigContext.Provider>
  )
}

export const NotFoundPage = lazyComponent(() => import('../features/not-found/not-found-page.tsx'))

function Page({ route, path, signupPage }: Pick<AppProps, 'route' | 'path' | 'signupPage'>) {
  switch (route.page) {
    case 'landing':
      return <LandingPage id={route.id} />
    case 'notFound':
      return <NotFoundPage path={path} />
    default:
      return signupPage ?? <NotFoundPage path={path} />
  }
}
