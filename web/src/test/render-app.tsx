import { render } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import userEvent, { type Options } from '@testing-library/user-event'
import type { Cache } from 'swr'
import { App } from '../app/app.tsx'
import { matchRoute } from '../app/routes.ts'
import { localPublicConfig } from '../app/public-config.ts'
import type { PageContent } from '../content/page-copy.ts'
import type { Locale } from '../../../schemas/locales.ts'

interface RenderAppOptions {
  /** The address the visitor opened (a #hash may follow); the route is matched from its path as main.tsx does. */
  path?: string
  preferredLocale?: Locale
  initialContent?: PageContent | undefined
  user?: Options
}

/** Puts back what the page changes outside React: the address, the language cookie, <html lang>. */
function resetDocument(path = '/'): void {
  window.history.replaceState(null, '', path)
  document.cookie = 'lang=; Path=/; Max-Age=0'
  document.documentElement.lang = ''
}

/** The whole app as main.tsx makes it, with the local stack's public config and an SWR cache of its own. */
function app({
  path,
  preferredLocale,
  initialContent,
}: {
  path: string
  preferredLocale: Locale
  initialContent: PageContent | undefined
}) {
  return (
    <App
      route={matchRoute(path)}
      path={path}
      preferredLocale={preferredLocale}
      config={localPublicConfig}
      initialContent={initialContent}
      swrProvider={() => new Map() as Cache}
    />
  )
}

/**
 * Renders the whole app as main.tsx does; each render has a cache of its own (SWR's global
 * cache would carry content from one test to the next).
 */
export function renderApp({ path = '/en', preferredLocale = 'pt', initialContent, user }: RenderAppOptions = {}) {
  resetDocument(path)
  const view = render(app({ path: window.location.pathname, preferredLocale, initialContent }))
  // No pause between keystrokes: the page does not debounce input, and the machine may be slow.
  return { user: userEvent.setup({ delay: null, ...user }), ...view }
}

/** The page as the server prerenders it (its markup only), for what it must hold before any script runs. */
export function prerenderApp({ path = '/en', preferredLocale = 'pt', initialContent }: Omit<RenderAppOptions, 'user'> = {}) {
  return renderToString(app({ path, preferredLocale, initialContent }))
}
