// The guides' commands that run offline, run as a reader would (decision 0084): every block marked
// `sh runnable` in README.md and docs/*.md in a shell of its own (in a folder of its own, `npm` running
// this repository's scripts), and every `sql runnable` block on the database, against a server of the
// test's own on PostgreSQL, where the guides' http://localhost:3000 is.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { pgDumpMajor, serverMajor } from '../schema-snapshot.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/database/throwaway-postgres.ts'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { fencedBlocksOf, repoRoot, type FencedBlock } from './markdown.ts'

const GUIDES = ['README.md', 'docs/marketers.md', 'docs/operations.md', 'docs/developers.md', 'docs/benchmarks.md']
const blocks = GUIDES.flatMap(fencedBlocksOf)
const runnable = (language: string) => blocks.filter((block) => block.info === `${language} runnable`)
const named = (block: FencedBlock) => `${block.file}:${block.line}: ${block.text.trim().split('\n')[0]}`
const EDITOR_TOKEN = 'a-local-editor-token-for-the-guides'

let database: ThrowawayDatabase
let server: TestServer
let folder: string
let pgDumpFits = false

beforeAll(async () => {
  database = await createThrowawayDatabase(inject('testDatabaseUrl'))
  server = await startTestServer({ DATABASE_URL: database.url, SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN })
  folder = await mkdtemp(join(tmpdir(), 'pulso-guide-commands-'))
  // A snapshot of PostgreSQL needs pg_dump of the server's version or newer (docs/operations.md, "Backups").
  pgDumpFits = ((await pgDumpMajor()) ?? 0) >= (await serverMajor(database.url))
})

afterAll(async () => {
  await server?.close()
  await database?.drop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

it('the guides have commands marked to run', () => {
  expect(runnable('sh').length).toBeGreaterThan(0)
  expect(runnable('sql').length).toBeGreaterThan(0)
})

describe('sh runnable', () => {
  for (const block of runnable('sh'))
    it(named(block), { timeout: 120_000 }, async (context) => {
      context.skip(block.text.includes('npm run backup') && !pgDumpFits, 'pg_dump is older than the test PostgreSQL')
      const script = block.text.replaceAll('http://localhost:3000', server.url)
      const run = await promisify(execFile)(
        'bash',
        ['-eo', 'pipefail', '-c', `npm() { command npm --prefix "${repoRoot}" --silent "$@"; }\n${script}`],
        {
          cwd: folder,
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            SITE_URL: server.url,
            SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
            BACKUP_DIR: join(folder, 'backups'),
            LOG_LEVEL: 'silent',
          },
        },
      ).catch((error: { code?: number; stderr?: string }) => ({ failed: `exited ${error.code}: ${error.stderr ?? ''}` }))
      expect('failed' in run ? run.failed : '', `${block.file}:${block.line} failed:\n${block.text}\n`).toBe('')
      if (script.includes('npm run backup')) expect(await readdir(join(folder, 'backups'))).toHaveLength(1)
    })
})

describe('sql runnable', () => {
  for (const block of runnable('sql'))
    it(named(block), async () => {
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      try {
        await client.query(block.text)
      } finally {
        await client.end()
      }
    })
})
