import { join } from 'node:path'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { Negotiator } from '@fastify/accept-negotiator'
import { defaultLocale, isLocale } from '../../schemas/locales.ts'
import { LOCALE_COOKIE, pathForLocale } from '../../web/src/shared/i18n/locale-preference.ts'
import { matchRoute } from '../../web/src/shared/routes.ts'
import type { PublicConfig } from '../../web/src/shared/config/public-config.ts'
import type { PageContentSource } from './page-content.ts'
import type { PageRenderer } from './page-renderer.ts'
import { cachePages, type PageEncoding } from './page-cache.ts'
import { robotsTxt, sitemapXml } from './seo-files.ts'
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
 * The landing page (prerendered per language), its assets, robots.txt, sitemap.xml and the
 * 404 page. Needs @fastify/cookie on the app (the reader's language, the preview).
 */
const siteRoutesPlugin: FastifyPluginAsync<SiteRoutesOptions> = async (
  app,
  { distDir, renderer, pageContent, publicConfig, preview, studioUrl, pageViews, experiments },
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

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const chosen = request.cookies[LOCALE_COOKIE]
    const preferred = isLocale(chosen) ? chosen : undefined
    const route = matchRoute(request.url.split('?')[0] ?? '/')
    // A reader who chose another language gets its address, so its prerender, with no flash of Portuguese.
    if (route.page === 'landing' && route.locale === defaultLocale && preferred && preferred !== defaultLocale) {
      return reply.header('vary', 'Cookie').redirect(pathForLocale(preferred), 302)
    }
    // An editor's browser, let in by the Studio's secret, sees drafts; nobody else ever does.
    const previewing = isPreviewing(preview, request)
    // The visitor's arms of the running experiments, before anything is rendered; drafts show the defaults.
    const assignment = route.page === 'landing' && !previewing ? await experiments?.assign(request) : undefined
    let content
    try {
      content = await (previewing ? preview.content : pageContent)(assignment?.arms)
    } catch (error) {
      request.log.error({ err: error }, 'content unavailable, rendering the page from its fallbacks')
    }
    const render = {
      path: request.url.split('?')[0] ?? '/',
      preferredLocale: preferred ?? defaultLocale,
      content,
      config: previewing
        ? { ...publicConfig, preview: true }
        : (experiments?.publicConfig(publicConfig, assignment) ?? publicConfig),
    }
    // Drafts are rendered for each request and never kept.
    const kept = previewing ? undefined : pages.render(render)
    const page = kept ?? renderer.render(render)
    reply
      .code(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', previewing ? 'private, no-store' : 'no-cache')
      .header('vary', 'Cookie, accept-encoding') // lower case: @fastify/compress adds its own otherwise
    allowInlineSources(reply, page.sources)
    if (previewing) {
      allowStudioFraming(reply, studioUrl)
      reply.header('x-robots-tag', 'noindex')
    }
    if (route.page === 'landing') {
      dropOpenerPolicy(reply)
      pageViews?.pageSent(request, {
        status: page.status,
        preview: previewing,
        language: route.locale,
        path: pathForLocale(route.locale),
      })
      if (assignment && page.status === 200) experiments?.shown(assignment)
    }
    // A kept page goes in the bytes compressed when it was kept, which @fastify/compress leaves as they
    // are (app.ts); a draft, made for this one request, is compressed by it as it is sent.
    const encoding = kept && encodings.negotiate(request.headers['accept-encoding'] ?? '')
    if (!kept || !encoding) return reply.send(page.html)
    return reply.header('content-encoding', encoding).send(await kept.encoded(encoding))
  }

  app.get('/', sendPage)
  app.get('/:locale', sendPage)

  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(siteUrl)))
  app.get('/sitemap.xml', (_request, reply) => reply.type('application/xml; charset=utf-8').send(sitemapXml(siteUrl)))

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')
    if (wantsPage) return sendPage(request, reply)
    return reply.code(404).send({ message: 'Not found' })
  })
}

/**
 * Registered with fastify-plugin, in the root scope rather than a scope of its own: its
 * not-found handler answers every unknown address of the whole app with the 404 page, and
 * Fastify keeps that handler per URL prefix, not per plugin. Declared at the root, it is
 * what it does.
 */
export const siteRoutes = fastifyPlugin(siteRoutesPlugin, { name: 'site-routes', fastify: '5.x' })
