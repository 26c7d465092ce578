import { renderToString } from 'react-dom/server'
import type { Cache } from 'swr'
import { ServerStyleSheet } from 'styled-components'
import { App } from './app/app.tsx'
import { matchRoute } from './app/routes.ts'
import { INITIAL_CONTENT_ELEMENT_ID, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from './app/public-config.ts'
import { resolvePageCopy, type PageContent } from './content/page-copy.ts'
import { contentInLanguage } from './content/content-in-language.ts'
import { buildHeadTags } from './seo/head-tags.ts'
import { globalStyle } from './theme/global-style.ts'
import { renderHeadTags } from './seo/render-head-tags.ts'
import { localeTags, type Locale } from '../../schemas/locales.ts'

export interface RenderRequest {
  path: string
  preferredLocale: Locale
  content: PageContent | undefined
  config: PublicConfig
}

export interface RenderedPage {
  status: 200 | 404
  htmlLang: string
  head: string
  body: string
}

/** JSON inside <script> must not be able to close the tag. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** The prerender: the full page in the reader's language, with its CSS collected on the server and its content in that language. */
export function render({ path, preferredLocale, content, config }: RenderRequest): RenderedPage {
  const route = matchRoute(path)
  const locale = route.page === 'landing' ? route.locale : preferredLocale
  const sheet = new ServerStyleSheet()
  try {
    const html = renderToString(
      sheet.collectStyles(
        <App
          route={route}
          path={path}
          preferredLocale={preferredLocale}
          config={config}
          initialContent={content}
          swrProvider={() => new Map() as Cache}
        />,
      ),
    )
    const headTags = buildHeadTags(resolvePageCopy(content, locale), config)
    const head = route.page === 'landing' ? renderHeadTags(headTags) : renderHeadTags({ ...headTags, links: [], meta: [] })
    return {
      status: route.page === 'landing' ? 200 : 404,
      htmlLang: localeTags[locale].html,
      head: [
        head,
        route.page === 'notFound' ? '<meta name="robots" content="noindex">' : '',
        `<style>${globalStyle}</style>`,
        sheet.getStyleTags(),
        `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${scriptJson(config)}</script>`,
        // The reader's language only: the page fetches the other when idle, before anyone can switch to it.
        content
          ? `<script id="${INITIAL_CONTENT_ELEMENT_ID}" type="application/json">${scriptJson(contentInLanguage(content, locale))}</script>`
          : '',
      ].join('\n    '),
      body: html,
    }
  } finally {
    sheet.seal()
  }
}
