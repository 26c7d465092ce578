// README.md's scripts table is package.json's scripts, one row each (decision 0084): a script added,
// renamed or removed on either side fails here with its name.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { codeSpans, repoRoot, tablesOf } from './markdown.ts'

const scripts = Object.keys(
  (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
)
/** `npm start`, `npm test` and `npm run <name> …` as the table's first column writes them. */
const scriptOf = (command: string) => /^npm (?:run )?([^\s]+)/.exec(command)?.[1]
const table = tablesOf('README.md').find((candidate) => candidate.columns[0] === 'script')
const listed = (table?.rows ?? []).map((cells) => scriptOf(codeSpans(cells[0] ?? '')[0] ?? '') ?? `(no command in "${cells[0]}")`)

it('README.md lists every script of package.json, once, and no other', () => {
  expect(table, 'README.md has a table whose first column is "script"').toBeDefined()
  expect([
    ...scripts
      .filter((name) => !listed.includes(name))
      .map((name) => `${name} is in package.json but missing from README.md's scripts table`),
    ...listed
      .filter((name) => !scripts.includes(name))
      .map((name) => `${name} is in README.md's scripts table but not in package.json`),
    ...listed
      .filter((name, index) => listed.indexOf(name) !== index)
      .map((name) => `${name} is listed twice in README.md's scripts table`),
  ]).toEqual([])
})
