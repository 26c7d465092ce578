import { join } from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { Negotiator } from '@fastify/accept-negotiator'
import { defaultLocale, isLocale } from '../../schemas/locales.ts'
import { isReservedPath } from '../../schemas/reserved-paths.ts'
import { LOCALE_COOKIE } from '../../web/src/shared/i18n/locale-preference.ts'
import type { PublicConfig } from '../../web/src/shared/config/public-config.ts'
import type { PageContentSource } from './page-content.ts'
import type { PageRenderer } from './page-renderer.ts'
import { cachePages, type PageEncoding } from './page-cache.ts'
import { robotsTxt, sitemapXml } from './seo-files.ts'
import { normalPath, type PageRoute } from './page-routes.ts'
import type { PageRoutesSource } from './page-routes-source.ts'
import type { PagePathMemory } from './page-path-memory.ts'
import { assignmentOnPage } from '../experiments/assignment-on-page.ts'
import { isPreviewing, type Preview } from '../preview/preview-routes.ts'
import { allowInlineSources, allowStudioFraming, dropDocumentHeaders, dropOpenerPolicy } from './security-headers.ts'
import type { PageViews } from '../analytics/page-views.ts'
import type { Experiments } from '../experiments/experiments.ts'

/** HTML in the build is a template (index.html), with its precompressed copies. */
const TEMPLATE_FILE = /\.html(\.(br|gz))?$/i

export interface SiteRoutesOptions {
  distDir: string
  renderer: PageRenderer
  pageContent: PageContentSource
  /** Which page lives at which address (page-routes.ts): published pages. */
  pageRoutes: PageRoutesSource
  /** The addresses pages had before, which redirect to where they are now. */
  pathMemory: PagePathMemory
  publicConfig: PublicConfig
  /** Draft preview for Sanity Studio, when the server has a token to read drafts. */
  preview: Preview | undefined
  /** The Studio, the one origin that may frame the page in draft preview. */
  studioUrl: string
  /** Counts the pages sent, when counting is on (docs/product.md §8.1). */
  pageViews: PageViews | undefined
  /** Assigns visitors to the running copy experiments, when counting is on (docs/product.md §12). */
  experiments?: Experiments | undefined
}

/**
 * The pages (each prerendered per language, docs/decisions/0074-pages-as-documents.md), their assets,
 * robots.txt, sitemap.xml, the redirects from the addresses pages had, and the 404 page. Needs
 * @fastify/cookie on the app (the reader's language, the preview).
 */
const siteRoutesPlugin: FastifyPluginAsync<SiteRoutesOptions> = async (
  app,
  { distDir, renderer, pageContent, pageRoutes, pathMemory, publicConfig, preview, studioUrl, pageViews, experiments },
) => {
  const { siteUrl } = publicConfig
  const pages = cachePages(renderer)
  // The kept page's encodings, in the order the site prefers them (as @fastify/compress's, app.ts).
  const encodings = new Negotiator<PageEncoding>({ supportedValues: ['br', 'gzip'] })

  await app.register(fastifyStatic, {
    root: join(distDir, 'client'),
    index: false,
    wildcard: false,
    // The build writes a .br and a .gz beside each text file; the browser gets the one it accepts.
    preCompressed: true,
    // The page template is the renderer's input, never a page: served as a file it would be the
    // raw template (slots unfilled, no content) under an address the site does not have. Any
    // such address is the 404 page instead, as every address that is not a page is.
    allowedPath: (pathname) => !TEMPLATE_FILE.test(pathname),
    setHeaders(response, path) {
      // Vite fingerprints everything under assets/, so those never change: the browser never
      // revalidates them nor asks for a part, so they go without validators and ranges, bytes the
      // page's first script would pay for (docs/decisions/0040-no-long-task-while-the-page-loads.md).
      const immutable = path.includes(`${join('client', 'assets')}`)
      response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      if (immutable) for (const name of ['etag', 'last-modified', 'accept-ranges']) response.removeHeader(name)
    },
  })

  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/')) return
    dropDocumentHeaders(reply)
    // JavaScript's registered type (RFC 9239); a module or a worker's script is UTF-8 whatever it
    // says, and the first script pays for every byte of its headers (docs/product.md §7).
    if (String(reply.getHeader('content-type')).startsWith('application/javascript'))
      reply.header('content-type', 'text/javascript')
  })

  /**
   * The page at the request's address: a published page's (a draft's, in an editor's preview), else a
   * permanent redirect from an address a page had to the one it has now, else the 404 page. The site's
   * own addresses (schemas/reserved-paths.ts) are never a page's, whatever the content says.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const path = normalPath(request.url.split('?')[0] ?? '/')
    // An editor's browser, let in by the Studio's secret, sees drafts; nobody else ever does.
    const previewing = isPreviewing(preview, request)
    const routes = await (previewing ? preview.routes : pageRoutes)()
    const found: PageRoute | undefined = isReservedPath(path) ? undefined : routes.find(path)
    if (!found) {
      const moved = isReservedPath(path) ? undefined : pathMemory.redirect(path, routes)
      const query = request.url.indexOf('?')
      if (moved) return reply.redirect(moved + (query < 0 ? '' : request.url.slice(query)), 301)
      // No page, nor one that was here: the not-found page for a browser, a short answer for a script.
      if (!(request.headers.accept ?? '').includes('text/html')) return notFound(reply)
    }
    const page = found && routes.page(found.id)
    const chosen = request.cookies[LOCALE_COOKIE]
    const preferred = isLocale(chosen) ? chosen : undefined
    // A reader who chose another language gets the page's address in it, so its prerender, with no flash of Portuguese.
    const inPreferred = found?.locale === defaultLocale && preferred && preferred !== defaultLocale && page?.paths[preferred]
    if (inPreferred) return reply.header('vary', 'Cookie').redirect(inPreferred, 302)
    // The visitor's arms of the running experiments the page holds, before anything is rendered; drafts show the defaults.
    const assignment =
      found && page && !previewing ? assignmentOnPage(await experiments?.assign(request), page.experiments) : undefined
    let content
    try {
      content = await (previewing ? preview.content : pageContent)(found?.id ?? '', assignment?.arms)
    } catch (error) {
      request.log.error({ err: error }, 'content unavailable, rendering the page from its fallbacks')
    }
    const render = {
      path,
      pageId: found?.id,
      preferredLocale: preferred ?? defaultLocale,
      content,
      config: previewing
        ? { ...publicConfig, preview: true }
        : (experiments?.publicConfig(publicConfig, assignment) ?? publicConfig),
    }
    // Drafts are rendered for each request and never kept.
    const kept = previewing ? undefined : pages.render(render)
    const rendered = kept ?? renderer.render(render)
    reply
      .code(rendered.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', previewing ? 'private, no-store' : 'no-cache')
      .header('vary', 'Cookie, accept-encoding') // lower case: @fastify/compress adds its own otherwise
    allowInlineSources(reply, rendered.sources)
    if (previewing) {
      allowStudioFraming(reply, studioUrl)
      reply.header('x-robots-tag', 'noindex')
    }
    if (found) {
      dropOpenerPolicy(reply)
      pageViews?.pageSent(request, {
        status: rendered.status,
        preview: previewing,
        language: found.locale,
        path: page?.paths[found.locale] ?? path,
        page: found.id,
      })
      if (assignment && rendered.status === 200) experiments?.shown(assignment)
    }
    // A kept page goes in the bytes compressed when it was kept, which @fastify/compress leaves as they
    // are (app.ts); a draft, made for this one request, is compressed by it as it is sent.
    const encoding = kept && encodings.negotiate(request.headers['accept-encoding'] ?? '')
    if (!kept || !encoding) return reply.send(rendered.html)
    return reply.header('content-encoding', encoding).send(await kept.encoded(encoding))
  }

  app.get('/', sendPage)
  // Every other address nothing else answers: a page's, an old one of a page's, or not found.
  app.get('/*', async (request, reply) => (wantsPage(request) ? sendPage(request, reply) : notFound(reply)))

  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(siteUrl)))
  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(sitemapXml(siteUrl, (await pageRoutes()).pages)),
  )

  app.setNotFoundHandler((request, reply) => (wantsPage(request) ? sendPage(request, reply) : notFound(reply)))
}

/**
 * Whether a request for an address no route has is a browser's for a page: answered with a page (or
 * its redirect, or the 404 page) rather than JSON. A script asking for `/api/nothing` gets JSON.
 */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const accept = request.headers.accept ?? ''
  // A page's own address answers whoever asks (a crawler, curl), as `/` always has (an address no page
  // has then answers short, sendPage); the site's reserved ones only a browser.
  return (
    accept.includes('text/html') || (!isReservedPath(normalPath(request.url.split('?')[0] ?? '/')) && !accept.includes('json'))
  )
}

const notFound = (reply: FastifyReply) => reply.code(404).send({ message: 'Not found' })

/**
 * Registered with fastify-plugin, in the root scope rather than a scope of its own: its
 * not-found handler answers every unknown address of the whole app with the 404 page, and
 * Fastify keeps that handler per URL prefix, not per plugin. Declared at the root, it is
 * what it does.
 */
export const siteRoutes = fastifyPlugin(siteRoutesPlugin, { name: 'site-routes', fastify: '5.x' })
