/**
 * `npm run content:migrate`'s second step (docs/decisions/0075-pages-migration.md): read the fixed
 * page's section singletons, the site settings and the shared lists, plan the home page made of them
 * (pages-plan.ts), and write it in one transaction, each document it changes or deletes guarded by the
 * revision it was read at, so an edit made meanwhile in the Studio fails the whole move, not half of it.
 */
import type { SanityClient } from '@sanity/client'
import { ContentCommandError } from './content-target.ts'
import { failedCall } from './experiment-fields-migration.ts'
import type { SanityDoc } from './experiment-fields-plan.ts'
import { pagesMigrationIds, planPages, type Mutation } from './pages-plan.ts'

export interface PagesMigrationOptions {
  dryRun: boolean
  log: (line: string) => void
}

export async function migratePages(client: SanityClient, { dryRun, log }: PagesMigrationOptions): Promise<Mutation[]> {
  const { docs, statistics, testimonials } = await read(client)
  const { mutations, problems } = planPages(docs, { statistics, testimonials })
  if (problems.length > 0) {
    throw new ContentCommandError(
      ['The pages were not made: sort these out in the Studio first.', ...problems.map((p) => `  ${p}`)].join('\n'),
    )
  }
  if (mutations.length === 0) {
    log('Nothing to move: the home page is a page document already (or there is no fixed page to move).')
    return []
  }
  const deleted = mutations.flatMap((mutation) => ('delete' in mutation ? [mutation.delete.id] : []))
  log(
    `${dryRun ? 'Would make' : 'Making'} the home page from ${deleted.join(', ')}, the free-trial section's texts and the site settings' title and description; then ${deleted.join(', ')} ${dryRun ? 'would be' : 'are'} deleted.`,
  )
  if (dryRun) {
    log('Dry run: nothing was written. `npm run content:migrate` makes these changes.')
    return mutations
  }
  try {
    await client.mutate(mutations as never, { returnDocuments: false })
  } catch (error) {
    throw failedCall(error, client, 'write', 'Nothing of the move was written (one transaction).', `one of ${deleted.join(', ')}`)
  }
  log('The home page is a page document now; running it again changes nothing.')
  return mutations
}

async function read(client: SanityClient) {
  try {
    // `raw`: drafts too, which stop the move until an editor publishes or discards them.
    return await client.fetch<{ docs: SanityDoc[]; statistics: SanityDoc[]; testimonials: SanityDoc[] }>(
      `{
        "docs": *[_id in $ids],
        "statistics": *[_type == "statistic" && !(_id in path("drafts.**"))]{ _id, _rev, _type, order },
        "testimonials": *[_type == "testimonial" && !(_id in path("drafts.**"))]{ _id, _rev, _type, order }
      }`,
      { ids: pagesMigrationIds },
      { perspective: 'raw' },
    )
  } catch (error) {
    throw failedCall(error, client, 'read', 'Nothing was written.')
  }
}
