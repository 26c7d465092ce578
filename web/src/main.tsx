import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { isSignupRoute, matchRoute } from './shared/routes.ts'
import {
  INITIAL_CONTENT_ELEMENT_ID,
  localPublicConfig,
  PUBLIC_CONFIG_ELEMENT_ID,
  type PublicConfig,
} from './shared/config/public-config.ts'
import type { PageContent } from './shared/content/page-copy.ts'
import { localeFromCookieHeader } from './shared/i18n/locale-preference.ts'
import { defaultLocale } from '../../schemas/locales.ts'
import { loadBodyFont } from './shared/theme/fonts.ts'

function readJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent
  return text ? (JSON.parse(text) as T) : undefined
}

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element to render into.')

// The prerender carries the page-wide styles; the Vite dev server, which does not prerender, gets them here.
if (import.meta.env.DEV) {
  const { globalStyle } = await import('./shared/theme/global-style.ts')
  document.head.append(Object.assign(document.createElement('style'), { textContent: globalStyle }))
}

loadBodyFont()

const path = window.location.pathname
const route = matchRoute(path)
const app = (
  <StrictMode>
    <App
      route={route}
      path={path}
      preferredLocale={localeFromCookieHeader(document.cookie) ?? defaultLocale}
      config={readJson<PublicConfig>(PUBLIC_CONFIG_ELEMENT_ID) ?? localPublicConfig}
      initialContent={readJson<PageContent>(INITIAL_CONTENT_ELEMENT_ID)}
    />
  </StrictMode>
)

// The sign-up pages are complete as the server renders them (entry-server.tsx): nothing to hydrate.
if (!isSignupRoute(route)) {
  // The server prerenders the page; the Vite dev server does not, so the client renders from scratch there.
  // Hydrating as a transition lets React pause between components for anything the reader does,
  // instead of holding the main thread for the whole page at once.
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app))
  else createRoot(container).render(app)
}
