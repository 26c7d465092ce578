/**
 * What the site's routes tell the counter (docs/product.md §8.1): each page they send, and each
 * proof-of-work challenge the form fetches, each with the page (document) it was on when there is one. The rules decide what counts (view-rules.ts); what a
 * page view records is its language, its address without the query, the campaign and referring
 * host (visit-source.ts) and the device class, read from the User-Agent and then dropped.
 */
import type { FastifyRequest } from 'fastify'
import type { Locale } from '../../schemas/locales.ts'
import { deviceClass } from '../../supabase/functions/_shared/analytics/device-class.ts'
import { pageOfCall, visitorOfCall } from '../../supabase/functions/_shared/analytics/form-starts.ts'
import { visitSource } from '../../supabase/functions/_shared/analytics/visit-source.ts'
import { clientAddress } from '../http/client-address.ts'
import type { PageCounter } from './page-counter.ts'
import { notCountedBecause, type SentPage } from './view-rules.ts'

export interface CountedPage extends SentPage {
  language: Locale
  /** The page's own address (`/en/privacy`), never the one asked with its query. */
  path: string
  /** A page of the site's (docs/decisions/0078-counted-per-page.md): its Sanity document id; none for the link pages. */
  page?: string | undefined
}

export interface PageViews {
  pageSent(request: FastifyRequest, page: CountedPage): void
  /** A proof-of-work challenge was handed out; `headers` and `url` as the function saw them (gateway.ts). */
  challengeSent(headers: Headers, url: string): void
}

export function createPageViews(counter: PageCounter, { siteUrl, studioUrl }: { siteUrl: string; studioUrl: string }): PageViews {
  const siteHost = new URL(siteUrl).hostname
  const studioHost = new URL(studioUrl).host
  return {
    pageSent(request, page) {
      if (notCountedBecause(request, page, studioHost)) return
      const userAgent = request.headers['user-agent'] ?? ''
      const query = request.url.indexOf('?')
      const source = visitSource(query < 0 ? '' : request.url.slice(query), request.headers.referer, [siteHost, request.hostname])
      counter.view(
        { address: clientAddress(request), userAgent },
        { ...source, language: page.language, entry_page: page.path, device: deviceClass(userAgent) },
        page.page,
      )
    },
    challengeSent(headers, url) {
      const visitor = visitorOfCall(headers)
      if (visitor) counter.formStart(visitor, pageOfCall(url))
    },
  }
}
