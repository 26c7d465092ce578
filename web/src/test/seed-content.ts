import path from 'node:path'
// The one exception to web/ not importing server/: test fixtures built exactly as the
// content API builds its answers (same seed loader, same GROQ evaluation).
// eslint-disable-next-line no-restricted-imports
import { loadLocalDataset } from '../../../server/content/local-dataset.ts'
// eslint-disable-next-line no-restricted-imports
import { queryDataset } from '../../../server/content/groq-query.ts'
import { pageQuery } from '../content/page-query.ts'
import type { PageContent } from '../content/page-copy.ts'

const seedDir = path.resolve(import.meta.dirname, '../../../studio/seed')
let seed: Promise<PageContent> | undefined

/**
 * The page's content as production serves it: `pageQuery` evaluated with groq-js over
 * the seed dataset (studio/seed/data.ndjson), as the content API does. Each call
 * returns a fresh copy, so a test may edit it.
 */
export async function loadSeedContent(): Promise<PageContent> {
  seed ??= loadLocalDataset({ seedDir, projectId: 'local', dataset: 'production' }).then(
    async ({ documents }) => (await queryDataset(documents, pageQuery)) as PageContent,
  )
  return structuredClone(await seed)
}
