/**
 * The report's "By page" named for people (docs/launch-api.md): the database counts a page by its
 * document id (docs/decisions/0078-counted-per-page.md); the route adds the title and the addresses
 * the site serves it at now, per language. A page no longer served (unpublished, or deleted) keeps its
 * row and its id, with no title and no address: its numbers stay in the period they were made in.
 */
import type { Locale } from '../../schemas/locales.ts'
import type { RoutedPage } from '../site/page-routes.ts'

/** A row of the report's by_page as the database answers it. */
interface CountedPage {
  page: string
}

export interface NamedPage {
  title: Partial<Record<Locale, string>>
  paths: Partial<Record<Locale, string>>
}

/** The report with each by_page row given its page's title and addresses, when the site serves that page. */
export function withPageNames<T>(report: T, pages: readonly RoutedPage[]): T {
  const rows = (report as { by_page?: unknown } | null)?.by_page
  if (!Array.isArray(rows)) return report
  const byId = new Map(pages.map((page) => [page.id, page]))
  const named = (rows as CountedPage[]).map((row): CountedPage & NamedPage => {
    const page = byId.get(row.page)
    return { ...row, title: page?.title ?? {}, paths: page?.paths ?? {} }
  })
  return { ...report, by_page: named }
}
