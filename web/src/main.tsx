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
import { adoptPrerenderedStyles } from './shared/theme/prerendered-styles.ts'
import { createSectionHydration, type SectionHydration } from './shared/hydration/section-hydration.ts'

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

const path = window.location.pathname
const initialContent = readJson<PageContent>(INITIAL_CONTENT_ELEMENT_ID)
// The page the server found at this address is the one its prerender embeds.
const route = matchRoute(path, initialContent?.page?._id)
const app = (sectionHydration?: SectionHydration) => (
  <StrictMode>
    <App
      route={route}
      path={path}
      preferredLocale={localeFromCookieHeader(document.cookie) ?? defaultLocale}
      config={readJson<PublicConfig>(PUBLIC_CONFIG_ELEMENT_ID) ?? localPublicConfig}
      initialContent={initialContent}
      {...(sectionHydration ? { sectionHydration } : {})}
    />
  </StrictMode>
)

/**
 * The prerendered page, hydrated in short tasks (docs/decisions/0040-no-long-task-while-the-page-loads.md):
 * called in a task after the one that adopted the prerender's styles; React renders as a
 * transition, in slices, pausing for anything the reader does, and each section waits for its
 * turn (shared/hydration/section-hydration.ts).
 */
function hydratePrerender(root: HTMLElement) {
  const sectionHydration = createSectionHydration()
  startTransition(() => void hydrateRoot(root, app(sectionHydration)))
}

// Inter, in a task of its own, on every page.
setTimeout(loadBodyFont)
// The sign-up pages are complete as the server renders them (entry-server.tsx): nothing to hydrate.
// The server prerenders the page; the Vite dev server does not, so the client renders from scratch there.
if (!isSignupRoute(route)) {
  if (container.hasChildNodes()) {
    setTimeout(adoptPrerenderedStyles)
    setTimeout(() => hydratePrerender(container))
  } else createRoot(container).render(app())
}
