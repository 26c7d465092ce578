// The plugin on a real build (Vite, rolldown) of a small page script: one entry chunk, the lazy
// chunk still importing the shared module from it, and the entry's modules evaluated in separate
// tasks, another task running between them.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateInShortTasks } from './evaluate-in-short-tasks.ts'

const TASK_BREAK = join(import.meta.dirname, '../src/shared/hydration/task-break.ts')

const sources = {
  'index.html': '<!doctype html><script type="module" src="./main.ts"></script>',
  'main.ts': `import { first } from './first.ts'
import { second } from './second.ts'
import { log } from './log.ts'
log('main ' + first + second)
Object.assign(globalThis, { later: () => import('./lazy.ts') })`,
  'log.ts': `export const log = (line: string) => { (globalThis as any).evaluated.push(line) }`,
  'first.ts': `import { taskBreak } from ${JSON.stringify(TASK_BREAK)}
import { log } from './log.ts'
taskBreak()
log('first')
export const first = 1`,
  'second.ts': `import { taskBreak } from ${JSON.stringify(TASK_BREAK)}
import { log } from './log.ts'
taskBreak()
log('second')
export const second = 2`,
  'lazy.ts': `import { log } from './log.ts'
log('lazy')`,
}

describe('evaluateInShortTasks on a build', () => {
  let root: string
  let outDir: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pulso-short-tasks-'))
    outDir = join(root, 'dist')
    for (const [name, text] of Object.entries(sources)) await writeFile(join(root, name), text)
    await build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [evaluateInShortTasks()],
      build: { outDir, target: 'es2022', modulePreload: false },
    })
  }, 60_000)
  afterAll(() => rm(root, { recursive: true, force: true }))

  const chunks = async () => (await readdir(join(outDir, 'assets'))).filter((name) => name.endsWith('.js'))

  it('keeps one entry chunk, which the lazy chunk imports its shared module from', async () => {
    const names = await chunks()
    expect(names).toHaveLength(2)
    const lazy = names.find((name) => name.startsWith('lazy-'))
    const entry = names.find((name) => name !== lazy)
    expect(await readFile(join(outDir, 'assets', lazy ?? ''), 'utf8')).toContain(`./${entry}`)
  })

  it('evaluates the modules after each break in a later task', async () => {
    const entry = (await chunks()).find((name) => !name.startsWith('lazy-')) ?? ''
    const evaluated: string[] = []
    Object.assign(globalThis, { evaluated })
    setTimeout(() => evaluated.push('another task'))
    await import(pathToFileURL(join(outDir, 'assets', entry)).href)
    expect(evaluated).toEqual(['another task', 'first', 'second', 'main 12'])
  })

  it('fails a build whose entry has no break to await', () => {
    const plugin = evaluateInShortTasks()
    const renderChunk = plugin.renderChunk as (code: string, chunk: { isEntry: boolean; fileName: string }) => unknown
    expect(() => renderChunk('console.log(1);', { isEntry: true, fileName: 'index.js' })).toThrow(/no top-level taskBreak/)
    expect(renderChunk('console.log(1);', { isEntry: false, fileName: 'lazy.js' })).toBeNull()
  })
})
