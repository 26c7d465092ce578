// `npm run content:import [-- --replace]`: studio/seed → the hosted dataset (`sanity dataset import`).
import { spawnSync } from 'node:child_process'
import { checkSeedForImport } from './content-seed.ts'
import {
  cliEnv,
  ContentCommandError,
  parseFlags,
  requireLogin,
  resolveTarget,
  requireSanityCli,
  seedDir,
} from './content-target.ts'
import { runMain } from './content-run.ts'

const usage = `Usage: npm run content:import [-- --replace]
  (default)  --missing: create the seed's documents that the dataset lacks; never touches existing ones.
  --replace  overwrite the published documents that share an _id with the seed (edits made in the Studio are lost).`

await runMain(async () => {
  const flags = parseFlags(process.argv.slice(2), { missing: { type: 'boolean' }, replace: { type: 'boolean' } }, usage)
  if (flags.missing && flags.replace) throw new ContentCommandError(`Choose --missing or --replace.\n${usage}`)
  const mode = flags.replace ? '--replace' : '--missing'
  const { projectId, dataset } = resolveTarget(process.env)
  const login = requireLogin(process.env, 'Editor', ['SANITY_IMPORT_TOKEN'])
  const sanity = requireSanityCli()

  const seed = await checkSeedForImport(seedDir, { projectId, dataset })
  console.log(
    `Importing ${seed.documents} documents and ${seed.images} images from studio/seed into ${projectId}/${dataset} (${mode}), logged in through ${login}.`,
  )
  // The seed is in the CLI's own format: it uploads each `_sanityAsset`, found next to the file.
  const args = ['datasets', 'import', seed.file, '--project-id', projectId, '--dataset', dataset, mode]
  const result = spawnSync(sanity, args, { stdio: 'inherit', env: cliEnv(process.env) })
  if (result.error) throw result.error
  if (result.status !== 0) {
    throw new ContentCommandError(
      [
        `sanity datasets import failed (exit ${result.status ?? result.signal}); the output above says why. Common causes:`,
        `  - no network, or no project ${projectId}`,
        `  - no dataset ${dataset} yet: npx sanity datasets create ${dataset} --visibility public`,
        `  - the login or token cannot write to project ${projectId} (needs Editor or above)`,
      ].join('\n'),
    )
  }
})
