import path from 'node:path'
// Test fixtures built exactly as the content API builds its answers (same seed loader, same GROQ evaluation).
import { loadLocalDataset, type LocalDataset, type SeedDocument } from '../../server/sanity/local-dataset.ts'

export type { SeedDocument }
import { queryDataset } from '../../server/sanity/query/groq-query.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import { signupPagesQuery } from '../../web/src/shared/content/signup-pages-query.ts'
import type { SignupPagesContent } from '../../web/src/shared/content/signup-pages-copy.ts'

const seedDir = path.resolve(import.meta.dirname, '../../studio/seed')
let dataset: Promise<LocalDataset> | undefined

/**
 * A query's answer as production serves it: evaluated with groq-js over the seed dataset
 * (studio/seed/data.ndjson), as the content API does. Each call returns a fresh copy, so a
 * test may edit it.
 */
export async function seedAnswer<T>(query: string, params: Record<string, unknown> = {}): Promise<T> {
  dataset ??= loadLocalDataset({ seedDir, projectId: 'local', dataset: 'production' })
  return structuredClone((await queryDataset((await dataset).documents, query, params)) as T)
}

/** The seed's documents, as the content API loads them (a fresh copy each call). */
export async function loadSeedDocuments() {
  dataset ??= loadLocalDataset({ seedDir, projectId: 'local', dataset: 'production' })
  return structuredClone((await dataset).documents)
}

/** A query's answer over the seed with `documents` added (or replacing the seed's of the same id), as the content API would give it. */
export async function answerWith<T>(
  documents: readonly SeedDocument[],
  query: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const ids = new Set(documents.map((document) => document._id))
  const seed = (await loadSeedDocuments()).filter((document) => !ids.has(document._id))
  return (await queryDataset([...seed, ...documents], query, params)) as T
}

/** A page's content (`pageQuery`; the home page's unless told) from the seed, with the given arms of its experiments (none: the defaults). */
export const loadSeedContent = (arms: string[] = [], page = HOME_PAGE_ID) => seedAnswer<PageContent>(pageQuery, { page, arms })

/** The sign-up pages' content (`signupPagesQuery`) from the seed. */
export const loadSeedSignupContent = () => seedAnswer<SignupPagesContent>(signupPagesQuery)
