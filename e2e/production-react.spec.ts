// The server renders with React's production build on every production path (`npm run serve`,
// `npm start`, the end-to-end server, the benchmarks), whatever NODE_ENV its process has: the prerender
// bundles React built for production (docs/decisions/0063-production-react-in-the-prerender.md).
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const prerender = join(repoRoot, 'dist', 'server')

// Playwright reads the fixtures a hook uses from its destructuring: this hook uses none.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'the server’s build is the same for every window'),
)

test('a render of / loads no development build, in a process started without NODE_ENV as npm run serve starts it', async () => {
  const env = { ...process.env }
  delete env['NODE_ENV']
  const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'e2e/support/rendered-modules.ts')], {
    cwd: repoRoot,
    env,
  })
  // With React left to Node, this listed react-dom/cjs/react-dom-server.node.development.js and eight more.
  const loaded = stdout.split('\n').filter(Boolean)
  expect(loaded.filter((path) => /\.development\.js$|[\\/]react(-dom)?[\\/]/.test(path))).toEqual([])
})

test('the prerender leaves nothing to NODE_ENV: every development branch was decided when it was built', async () => {
  const files = (await readdir(prerender, { recursive: true })).filter((file) => file.endsWith('.js'))
  expect(files).toContain('entry-server.js')
  for (const file of files) {
    const code = await readFile(join(prerender, file), 'utf8')
    expect(code.includes('process.env.NODE_ENV'), file).toBe(false)
  }
})
