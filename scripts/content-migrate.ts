// `npm run content:migrate [-- --dry-run]`: a hosted dataset moved to the content model of this code: the
// copy-experiment fields to their shape (0046, 0052), then the fixed page's sections into the home page (0075).
import { createClient } from '@sanity/client'
import { parseFlags, requireToken, resolveTarget } from './content-target.ts'
import { runMain } from './content-run.ts'
import { API_VERSION, migrateExperimentFields } from './experiment-fields-migration.ts'
import { migratePages } from './pages-migration.ts'

const usage = `Usage: npm run content:migrate [-- --dry-run]
  (default)  1. wrap each hero headline, subheadline and primary button and free-trial heading still in the
                shape before copy experiments as the field's default, in the published documents and their drafts;
             2. make the home page a page document of the fixed page's nine sections, in their order, and delete
                the section singletons (refused while any of them has a draft).
  --dry-run  print what would change; write nothing.`

await runMain(async () => {
  const { 'dry-run': dryRun = false } = parseFlags(process.argv.slice(2), { 'dry-run': { type: 'boolean' } }, usage)
  const { projectId, dataset } = resolveTarget(process.env)
  const login = requireToken(process.env, dryRun ? 'Viewer' : 'Editor')
  console.log(`${dryRun ? 'Checking' : 'Migrating'} the content of ${projectId}/${dataset}, logged in through ${login.source}.`)
  // No CDN: the write must be guarded by the revision the API has now, not a cached one.
  const client = createClient({ projectId, dataset, token: login.token, apiVersion: API_VERSION, useCdn: false })
  const log = (line: string) => console.log(line)
  await migrateExperimentFields(client, { dryRun, log })
  // A dry run's first step wrote nothing: the pages step then plans from the fields as they are, which it moves unchanged.
  await migratePages(client, { dryRun, log })
})
