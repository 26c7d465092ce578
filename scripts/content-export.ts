// `npm run content:export`: the hosted dataset's published documents → studio/seed (`sanity dataset export`).
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { exportToSeed, unpackExport } from './content-seed.ts'
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

const usage = 'Usage: npm run content:export (no arguments; project and dataset come from the environment)'

await runMain(async () => {
  parseFlags(process.argv.slice(2), {}, usage)
  const { projectId, dataset } = resolveTarget(process.env)
  const login = requireLogin(process.env, 'Viewer')
  const sanity = requireSanityCli()

  const workDir = await mkdtemp(path.join(tmpdir(), 'pulso-content-export-'))
  try {
    const tarball = path.join(workDir, `${dataset}.tar.gz`)
    console.log(`Exporting the published documents of ${projectId}/${dataset}, logged in through ${login}.`)
    // --no-drafts: the seed is what the public site shows; drafts stay in the Studio.
    const args = ['datasets', 'export', dataset, tarball, '--project-id', projectId, '--no-drafts', '--overwrite']
    const result = spawnSync(sanity, args, { stdio: 'inherit', env: cliEnv(process.env) })
    if (result.error) throw result.error
    if (result.status !== 0) {
      throw new ContentCommandError(
        `sanity datasets export failed (exit ${result.status ?? result.signal}); the output above says why, and studio/seed is unchanged. Check the network, that project ${projectId} has a dataset ${dataset}, and that the login or token can read it.`,
      )
    }
    const unpacked = path.join(workDir, 'unpacked')
    await unpackExport(tarball, unpacked)
    const summary = await exportToSeed(unpacked, seedDir)
    console.log(
      `studio/seed now holds ${summary.documents} documents, ${summary.images} images` +
        (summary.files ? ` and ${summary.files} files` : '') +
        (summary.unreferencedAssets ? ` (${summary.unreferencedAssets} assets no document uses were left out)` : '') +
        '.\nReview with `git diff --stat studio/seed`, check with `npm run test:content`, then commit.',
    )
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
})
