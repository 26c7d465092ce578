import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { evaluateInTasks, YIELD_TO_BROWSER } from './evaluate-in-tasks.ts'

/** A page's entry as the browser build bundles it: a CommonJS library (React's kind) and the page's own modules. */
async function bundleEntry(root: string): Promise<string> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [evaluateInTasks()],
    build: { write: false, minify: false, target: 'es2022', rolldownOptions: { input: join(root, 'web', 'src', 'main.ts') } },
  })) as Rolldown.RolldownOutput
  const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry)
  if (entry?.type !== 'chunk') throw new Error('no entry chunk')
  return entry.code
}

describe('the entry chunk evaluated in tasks', () => {
  let root: string

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pulso-evaluate-in-tasks-'))
    await mkdir(join(root, 'node_modules/dom-library'), { recursive: true })
    await mkdir(join(root, 'node_modules/styling'), { recursive: true })
    await mkdir(join(root, 'web', 'src'), { recursive: true })
    await writeFile(join(root, 'node_modules/dom-library/package.json'), '{"name":"dom-library","main":"index.js"}')
    await writeFile(
      join(root, 'node_modules/dom-library/index.js'),
      'globalThis.order.push("library")\nexports.render = () => "rendered"\n',
    )
    await writeFile(join(root, 'node_modules/styling/package.json'), '{"name":"styling","type":"module","main":"index.js"}')
    await writeFile(
      join(root, 'node_modules/styling/index.js'),
      'import { render } from "dom-library"\nglobalThis.order.push("styling")\nexport const styled = () => render()\n',
    )
    await writeFile(join(root, 'web', 'src', 'copy.ts'), 'globalThis.order.push("copy")\nexport const headline = "Pulso"\n')
    await writeFile(
      join(root, 'web', 'src', 'main.ts'),
      'import { styled } from "styling"\nimport { headline } from "./copy.ts"\nglobalThis.order.push(`main ${styled()} ${headline}`)\n',
    )
  })

  afterAll(() => rm(root, { recursive: true, force: true }))

  it('yields a task before anything runs, around the CommonJS modules, and before the page’s own code', async () => {
    const code = await bundleEntry(root)
    const yields = [...code.matchAll(/await new Promise\(setTimeout\);/g)].map((match) => match.index)

    expect(yields).toHaveLength(4)
    expect(code.startsWith(YIELD_TO_BROWSER)).toBe(true)
    const requireLine = code.search(/^var \w+ = .*require_\w+\(\)/m)
    expect(yields[1]).toBeLessThan(requireLine)
    expect(yields[2]).toBeGreaterThan(requireLine)
    expect(yields[3]).toBeLessThan(code.search(/^\/\/ .*web\/src\/copy.ts/m))
  })

  it('still runs the modules in their order', async () => {
    const code = await bundleEntry(root)
    const order: string[] = []
    Object.assign(globalThis, { order })
    // The yield passes the promise's reject as setTimeout's delay: a browser reads it as 0 (WebIDL's
    // long), Node as 1 with a TimeoutNaNWarning in the tests' output. Here it reads it as a browser does.
    const nodeSetTimeout = setTimeout
    vi.stubGlobal('setTimeout', (run: () => void, delay: unknown) => nodeSetTimeout(run, Number(delay) || 0))
    try {
      await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)
    } finally {
      vi.unstubAllGlobals()
    }
    expect(order).toEqual(['library', 'styling', 'copy', 'main rendered Pulso'])
  })
})
