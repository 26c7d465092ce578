import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RenderRequest, RenderedPage } from '../../web/src/entry-server.tsx'
import { inlineSources, type InlineSources } from './inline-sources.ts'

export interface PageRenderer {
  /** The page, and the hashes of its inline scripts and styles for its Content Security Policy. */
  render(request: RenderRequest): { status: RenderedPage['status']; html: string; sources: InlineSources }
}

/** Loads the production build (`npm run build`): the HTML shell and the server entry. */
export async function loadPageRenderer(distDir: string): Promise<PageRenderer> {
  const templatePath = join(distDir, 'client', 'index.html')
  const entryPath = join(distDir, 'server', 'entry-server.js')
  if (!existsSync(templatePath) || !existsSync(entryPath)) {
    throw new Error(`The site is not built: ${templatePath} or ${entryPath} is missing. Run \`npm run build\` first.`)
  }
  const template = await readFile(templatePath, 'utf8')
  const entry = (await import(pathToFileURL(entryPath).href)) as {
    render: (request: RenderRequest) => RenderedPage
    prepare?: () => Promise<unknown>
  }
  // The section kinds the browser loads lazily are drawn at once here: loaded before the first render.
  await entry.prepare?.()

  return {
    render(request) {
      const page = entry.render(request)
      const html = template
        // Function replacers: a `$` in the content must not be read as a replacement pattern.
        .replace('<!--app-lang-->', () => page.htmlLang)
        .replace('<!--app-head-->', () => page.head)
        .replace('<!--app-html-->', () => page.body)
      return { status: page.status, html, sources: inlineSources(html) }
    },
  }
}
