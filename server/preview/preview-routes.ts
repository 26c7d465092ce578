/**
 * Draft preview for Sanity Studio's Presentation tool (its `previewMode` routes): the Studio
 * opens `/api/preview/enable` with a secret it stored with the editor's own session; only when
 * that secret checks out does this browser get the preview cookie, and with it drafts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { PageContentSource } from '../site/page-content.ts'
import type { PageRoutesSource } from '../site/page-routes-source.ts'
import { PAGE_ID } from '../../schemas/page-id.ts'
import {
  PREVIEW_CONTENT_PATH,
  PREVIEW_DISABLE_PATH,
  PREVIEW_ENABLE_PATH,
} from '../../web/src/shared/content/preview/preview-paths.ts'
import { endPreview, type PreviewSession } from './preview-session.ts'
import { siteRedirect } from './site-redirect.ts'

export interface Preview {
  session: PreviewSession
  /** @sanity/preview-url-secret's check of the Studio's secret in this request's URL. */
  validate(url: string): Promise<{ isValid: boolean; redirectTo?: string | undefined }>
  /** A page's content with drafts. */
  content: PageContentSource
  /** Which page is where, drafts included: a page not yet published is previewed at its address. */
  routes: PageRoutesSource
  /** The sync tags the preview's answers carry, so live events refresh it too. */
  syncTags: readonly string[]
}

/** Whether this request carries a valid preview cookie. */
export function isPreviewing(preview: Preview | undefined, request: FastifyRequest): preview is Preview {
  return preview !== undefined && preview.session.isActive(request)
}

export interface PreviewRoutesOptions {
  /** Undefined when the site has no token to read drafts with: the routes then say so. */
  preview: Preview | undefined
  /** The site's public address: redirects go to its own pages only. */
  siteUrl: string
}

/** The routes the Studio's Presentation tool calls. Needs @fastify/cookie on the app. */
export const previewRoutes: FastifyPluginAsync<PreviewRoutesOptions> = async (app, { preview, siteUrl }) => {
  app.get(PREVIEW_ENABLE_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    const refuse = (status: number, logged: string, told: string) => {
      request.log.warn(logged)
      return reply.code(status).type('text/plain; charset=utf-8').send(told)
    }
    if (!preview) {
      return refuse(
        503,
        'preview asked for, but SANITY_VIEWER_TOKEN is not set',
        'Draft preview is off on this site: set SANITY_VIEWER_TOKEN (a Viewer token of the Sanity project) on the server.',
      )
    }
    const { isValid, redirectTo } = await preview.validate(request.url)
    if (!isValid) {
      return refuse(
        401,
        'preview refused: missing, unknown or expired secret',
        'This preview link is invalid or has expired. Open the page from the Presentation tool in Sanity Studio.',
      )
    }
    request.log.info('preview enabled for this browser')
    preview.session.start(reply)
    return reply.redirect(siteRedirect(redirectTo, siteUrl), 307)
  })

  app.get<{ Querystring: { redirect?: string } }>(PREVIEW_DISABLE_PATH, async (request, reply) => {
    endPreview(reply)
    return reply.header('cache-control', 'no-store').redirect(siteRedirect(request.query.redirect, siteUrl), 307)
  })

  app.get<{ Querystring: { page?: unknown } }>(PREVIEW_CONTENT_PATH, async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    if (!isPreviewing(preview, request)) {
      return reply.code(401).send({ error: { description: 'Not in preview: open the page from Sanity Studio.' } })
    }
    // The page the preview shows (its document id); none, the not-found page's texts.
    const page = typeof request.query.page === 'string' && PAGE_ID.test(request.query.page) ? request.query.page : ''
    return reply.send({ result: await preview.content(page), syncTags: preview.syncTags })
  })
}
