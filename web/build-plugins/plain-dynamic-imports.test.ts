// @vitest-environment jsdom
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plainDynamicImports } from './plain-dynamic-imports.ts'

/** A page whose entry loads one chunk with a stylesheet and one without, as the browser build bundles it. */
async function bundle(root: string, plugins = [plainDynamicImports()]) {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, minify: false, modulePreload: false, rolldownOptions: { input: join(root, 'main.ts') } },
  })) as Rolldown.RolldownOutput
  const chunks = output.output.filter((file) => file.type === 'chunk')
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('no entry chunk')
  return { entry, chunks }
}

let helpers = 0

/** The helper the plugin puts in Vite's place, a new module each time (with no stylesheet linked yet). */
async function loadHelper() {
  const code = (plainDynamicImports().load as (id: string) => string)('\0vite/preload-helper.js')
  const { __vitePreload } = (await import(
    `data:text/javascript;base64,${Buffer.from(`${code}\n// helper ${++helpers}`).toString('base64')}`
  )) as {
    __vitePreload: (load: () => Promise<string>, stylesheets?: string[]) => Promise<string>
  }
  return __vitePreload
}

describe('dynamic imports without Vite’s preload helper', () => {
  let root: string

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'pulso-plain-dynamic-imports-'))
    await writeFile(join(root, 'widget.css'), '.widget { display: none }\n')
    await writeFile(join(root, 'widget.ts'), 'import "./widget.css"\nexport const widget = "widget"\n')
    await writeFile(join(root, 'toasts.ts'), 'export const toasts = "toasts"\n')
    await writeFile(
      join(root, 'main.ts'),
      'globalThis.load = () => Promise.all([import("./widget.ts"), import("./toasts.ts")])\n',
    )
  })

  afterAll(() => rm(root, { recursive: true, force: true }))

  it('leaves Vite’s helper out of the entry and still hands it a lazy chunk’s stylesheet', async () => {
    const ours = await bundle(root)
    const vites = await bundle(root, [])

    expect(vites.entry.code).toContain('vite:preloadError')
    expect(ours.entry.code).not.toContain('vite:preloadError')
    expect(ours.entry.code.length).toBeLessThan(vites.entry.code.length - 1000)
    expect(ours.chunks.map((chunk) => chunk.code).join('\n')).toMatch(/assets\/widget-[\w-]+\.css/)
  })

  it('links each stylesheet once, waits for it, then imports the chunk', async () => {
    document.head.replaceChildren()
    const preload = await loadHelper()
    const links = () => [...document.head.querySelectorAll('link')]

    let imported = 0
    const first = preload(() => Promise.resolve(`widget ${++imported}`), ['assets/widget.css'])
    const second = preload(() => Promise.resolve(`widget ${++imported}`), ['assets/widget.css'])
    await Promise.resolve()
    expect(imported).toBe(0)
    expect(links()).toHaveLength(1)
    expect(links()[0]?.getAttribute('href')).toBe('/assets/widget.css')
    expect(links()[0]?.rel).toBe('stylesheet')

    links()[0]?.dispatchEvent(new Event('load'))
    expect(await first).toBe('widget 1')
    expect(await second).toBe('widget 2')
  })

  it('imports the chunk even when its stylesheet fails to load, and at once when it has none', async () => {
    document.head.replaceChildren()
    const preload = await loadHelper()

    const failing = preload(() => Promise.resolve('widget'), ['assets/missing.css'])
    document.head.querySelector('link')?.dispatchEvent(new Event('error'))
    expect(await failing).toBe('widget')
    expect(await preload(() => Promise.resolve('toasts'))).toBe('toasts')
  })
})
