import type { DocumentActionComponent, DocumentActionProps, SanityDocumentLike } from 'sanity'
import { isHomePage } from '../schemas/objects/page-slug'

/**
 * What a copy of a page starts as: everything but its addresses. Two pages may not share a slug in a
 * language (schemas/objects/page-slug.ts), so a copy that kept the original's would only be refused at
 * publish; without one, the desk lists it as "no address yet" and it cannot be published until the
 * editor gives it its own (docs/decisions/0082-duplicate-and-hide.md).
 */
export function pageCopy(document: SanityDocumentLike): SanityDocumentLike {
  const { slug: _slug, ...copy } = document as SanityDocumentLike & { slug?: unknown }
  return copy
}

/** The Studio's Duplicate action, making a page's copy without its addresses (pageCopy). */
function duplicatePage(duplicate: DocumentActionComponent): DocumentActionComponent {
  const DuplicatePage = (props: DocumentActionProps) => duplicate({ ...props, mapDocument: pageCopy } as DocumentActionProps)
  return Object.assign(DuplicatePage, { action: duplicate.action, displayName: 'DuplicatePageAction' })
}

/** Home page actions it may not have: it is always on the site. */
const homeRemovals: ReadonlySet<string> = new Set(['delete', 'unpublish'])

/**
 * A page's document actions: Duplicate makes a copy without the addresses; the home page can be
 * duplicated into a new page, never deleted or taken off the site.
 */
export function pageActions(actions: DocumentActionComponent[], documentId: string | undefined): DocumentActionComponent[] {
  const home = isHomePage({ _id: documentId })
  return actions
    .filter(({ action }) => !(home && homeRemovals.has(action ?? '')))
    .map((action) => (action.action === 'duplicate' ? duplicatePage(action) : action))
}
