// `npm run content:migrate [-- --dry-run]`: the hosted dataset's copy-experiment fields, from the shape before 0046 to its own.
import { createClient } from '@sanity/client'
import { parseFlags, requireToken, resolveTarget } from './content-target.ts'
import { runMain } from './content-run.ts'
import { API_VERSION, migrateExperimentFields } from './experiment-fields-migration.ts'

const usage = `Usage: npm run content:migrate [-- --dry-run]
  (default)  wrap each hero headline, subheadline and primary button and free-trial heading still in the
             shape before copy experiments as the field's default, in the published documents and their drafts.
  --dry-run  print what would change; write nothing.`

await runMain(async () => {
  const { 'dry-run': dryRun = false } = parseFlags(process.argv.slice(2), { 'dry-run': { type: 'boolean' } }, usage)
  const { projectId, dataset } = resolveTarget(process.env)
  const login = requireToken(process.env, dryRun ? 'Viewer' : 'Editor')
  console.log(
    `${dryRun ? 'Checking' : 'Migrating'} the copy-experiment fields of ${projectId}/${dataset}, logged in through ${login.source}.`,
  )
  // No CDN: the write must be guarded by the revision the API has now, not a cached one.
  const client = createClient({ projectId, dataset, token: login.token, apiVersion: API_VERSION, useCdn: false })
  await migrateExperimentFields(client, { dryRun, log: (line) => console.log(line) })
})
