/**
 * `npm run content:migrate`'s work against a dataset, through @sanity/client: read the published
 * and draft documents that hold the copy-experiment fields, plan each (experiment-fields-plan.ts),
 * and write each document that needs it in a transaction of its own, guarded by the revision it was
 * read at, so an edit made in the Studio meanwhile is refused rather than overwritten.
 * docs/decisions/0052-experiment-fields-migration.md says why it is built this way.
 */
import { ClientError, ServerError, type SanityClient } from '@sanity/client'
import { ContentCommandError } from './content-target.ts'
import { isDraft, migratedIds, planDocument, type DocumentPlan, type SanityDoc } from './experiment-fields-plan.ts'

/** The API version the site reads with; `perspective: 'raw'` (drafts with the published) needs no newer. */
export const API_VERSION = '2025-02-19'

export interface MigrationOptions {
  dryRun: boolean
  /** One line of the command's output. */
  log: (line: string) => void
}

export interface MigrationSummary {
  /** Documents written (or, in a dry run, that would be). */
  changed: DocumentPlan[]
}

export async function migrateExperimentFields(
  client: SanityClient,
  { dryRun, log }: MigrationOptions,
): Promise<MigrationSummary> {
  const docs = await readDocuments(client)
  if (docs.length === 0) {
    log(`Nothing to migrate: none of ${migratedIds.join(', ')} is in the dataset.`)
    return { changed: [] }
  }
  log(`Read ${docs.map((doc) => doc._id).join(', ')}.`)
  const plans = docs.map(planDocument)

  const changed: DocumentPlan[] = []
  for (const plan of plans.filter(({ changes }) => changes.length > 0)) {
    if (!dryRun) await write(client, plan, changed)
    changed.push(plan)
    log(`${dryRun ? 'Would migrate' : 'Migrated'} ${listChanges(plan)}.`)
  }

  const odd = plans.flatMap(({ id, unrecognised }) => unrecognised.map(({ field, problem }) => `  ${id}.${field}: ${problem}`))
  if (changed.length === 0 && odd.length === 0) {
    log('Nothing to migrate: every copy-experiment field is already in the new shape (or empty).')
  } else if (dryRun) {
    log('Dry run: nothing was written. `npm run content:migrate` makes these changes.')
  } else if (changed.length > 0) {
    log(`${changed.length} document${changed.length === 1 ? '' : 's'} migrated; running it again changes nothing.`)
  }
  if (odd.length > 0) {
    throw new ContentCommandError(
      ['Left as they are, in neither the old nor the new shape: fix them in the Studio.', ...odd].join('\n'),
    )
  }
  return { changed }
}

async function readDocuments(client: SanityClient): Promise<SanityDoc[]> {
  try {
    // `raw`: drafts too (by default the API answers with published documents only).
    const docs = await client.fetch<SanityDoc[]>('*[_id in $ids]', { ids: migratedIds }, { perspective: 'raw' })
    return docs.sort((a, b) => migratedIds.indexOf(a._id) - migratedIds.indexOf(b._id))
  } catch (error) {
    throw explain(error, client, 'read', [])
  }
}

/** One transaction: every old field of the document set at once, only if it is still at the revision read. */
async function write(client: SanityClient, plan: DocumentPlan, before: DocumentPlan[]): Promise<void> {
  const fields = Object.fromEntries(plan.changes.map(({ field, value }) => [field, value]))
  try {
    await client.patch(plan.id).ifRevisionId(plan.rev).set(fields).commit({ returnDocuments: false })
  } catch (error) {
    throw explain(error, client, 'write', before, plan.id)
  }
}

const listChanges = (plan: DocumentPlan) =>
  `${plan.id} (${isDraft(plan.id) ? 'draft' : 'published'}): ${plan.changes.map(({ field }) => field).join(', ')}`

/** A failed call as the person running the command can act on it, with what was already written. */
function explain(error: unknown, client: SanityClient, step: 'read' | 'write', before: DocumentPlan[], id?: string) {
  const progress =
    before.length > 0
      ? `Already migrated before this: ${before.map(listChanges).join('; ')}. The rest was not touched.`
      : 'Nothing was written.'
  return failedCall(error, client, step, progress, id)
}

/**
 * A failed read or write of `npm run content:migrate`, explained: why, what was written (`progress`),
 * and that running it again is safe.
 */
export function failedCall(error: unknown, client: SanityClient, step: 'read' | 'write', progress: string, id?: string) {
  const status = error instanceof ClientError || error instanceof ServerError ? error.statusCode : undefined
  // The request may have been applied before the connection dropped.
  const unknownWrite = step === 'write' && status === undefined ? [`Whether ${id} was written is not known.`] : []
  return new ContentCommandError(
    [
      reason(error, status, client, step, id),
      [progress, ...unknownWrite].join(' '),
      'Run `npm run content:migrate` again when that is sorted: it reads the documents afresh and changes only what still needs it.',
    ].join('\n'),
    { cause: error },
  )
}

function reason(error: unknown, status: number | undefined, client: SanityClient, step: 'read' | 'write', id?: string): string {
  const { projectId, dataset, url } = client.config()
  // The client lists a failed transaction's items on lines of their own: one line reads better inside ours.
  const said = (error instanceof Error ? error.message : String(error)).replace(/\s*\n-?\s*/g, ' ')
  // Reads come first, in a dry run too; only the writes need Editor.
  const rights = step === 'write' ? 'Editor rights' : 'Editor rights (Viewer is enough for --dry-run)'
  if (status === undefined) return `Could not reach Sanity at ${url} (${rootCause(error)}): check the network connection.`
  if (status === 409 && step === 'write') {
    return `${id} was changed after it was read (an edit in the Studio, or its draft published or discarded), so Sanity refused the write and nothing of it was overwritten (${said}).`
  }
  if (status === 401) {
    return `Sanity did not accept the login (HTTP 401: ${said}): it is wrong, expired or for another project. Run \`npx sanity login\` again, or set SANITY_AUTH_TOKEN to a token of project ${projectId} with ${rights}.`
  }
  if (status === 403) {
    return `The login may not ${step} dataset ${dataset} of project ${projectId} (HTTP 403: ${said}). Use a token with ${rights} (sanity.io/manage → your project → API → Tokens).`
  }
  if (status === 404) return `Project ${projectId} has no dataset ${dataset}, or no such project (HTTP 404: ${said}).`
  return `Sanity answered HTTP ${status}: ${said}`
}

function rootCause(error: unknown): string {
  let cause = error
  while (cause instanceof Error && cause.cause !== undefined) cause = cause.cause
  return cause instanceof Error ? cause.message : String(cause)
}
