import type { FastifyInstance } from 'fastify'
import { NUMBERS } from './launch-access.ts'
import { fromContent } from '../http/content-unavailable.ts'
import type { ContentProblem } from '../../supabase/functions/_shared/content/content-check.ts'

/** A content problem as the Launch tool lists it: with the Studio's address of its document, at its field. */
export interface ListedContentProblem extends ContentProblem {
  /** Where an editor fixes it; absent when the problem names no single document. */
  studioUrl?: string
}

export interface ContentProblemRoutesOptions {
  /** What the content has now that its schema does not allow (create-server.ts reads every query the site makes). */
  problems: () => Promise<ContentProblem[]>
  /** The Studio (SANITY_STUDIO_URL). */
  studioUrl: string
}

/**
 * The Studio's edit intent for a document, opened at the field: `/intent/edit/id=…;type=…;path=…`,
 * each value URI-encoded (Sanity's "Create Studio edit intent links"). @sanity/client's createEditUrl
 * writes the same intent in the Presentation tool's mode, which is not where a field is fixed.
 */
export function studioEditUrl(studioUrl: string, { document, field }: ContentProblem): string | undefined {
  if (!document?.id) return undefined
  const top = /^[^.[]+/.exec(field)?.[0]
  const params = [`id=${encodeURIComponent(document.id)}`, `type=${encodeURIComponent(document.type)}`]
  if (top) params.push(`path=${encodeURIComponent(top)}`)
  return `${studioUrl.replace(/\/+$/, '')}/intent/edit/${params.join(';')}`
}

/**
 * `GET /content-problems` (docs/launch-api.md): the content's wrong values, each dropped for its
 * fallback on the page and in the mail, with the document's address in the Studio. Numbers level:
 * no personal data.
 */
export function registerContentProblemRoutes(app: FastifyInstance, { problems, studioUrl }: ContentProblemRoutesOptions) {
  app.get('/content-problems', NUMBERS, async (): Promise<{ problems: ListedContentProblem[] }> => ({
    problems: (await fromContent(problems())).map((problem) => {
      const url = studioEditUrl(studioUrl, problem)
      return url ? { ...problem, studioUrl: url } : problem
    }),
  }))
}
