// The docs and the code's comments name files by path; a file that moves or goes leaves them
// pointing at nothing. Decisions are records of their day and may name files since removed.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report', '.sanity'])

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return []
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [relative(ROOT, path).split('\\').join('/')]
  })
}

it('every file path named in the docs and the code exists', () => {
  const files = filesUnder(ROOT)
  const exists = (named: string) => files.some((file) => file === named || file.endsWith(`/${named}`))
  const readable = files.filter(
    (file) =>
      /\.(md|ts|tsx|js|sh|toml|sql)$/.test(file) && !file.endsWith('sanity.types.ts') && !file.startsWith('docs/decisions/'),
  )
  const missing = readable.flatMap((file) =>
    [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?<![\w.\-/@:])((?:[\w-]+\/)+[\w.-]+\.(?:ts|tsx|sql|md))(?![\w/])/g)]
      .map((match) => match[1] ?? '')
      .filter((named) => !exists(named))
      .map((named) => `${file}: ${named}`),
  )
  expect(files.length).toBeGreaterThan(100)
  expect(missing).toEqual([])
})
