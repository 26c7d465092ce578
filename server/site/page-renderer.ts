import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RenderRequest, RenderedPage } from '../../web/src/entry-server.tsx'

export interface PageRenderer {
  render(request: RenderRequest & { nonce: CspNonce }): { status: RenderedPage['status']; html: string }
}

/** The Content Security Policy's nonces for one response (helmet makes them per request). */
export interface CspNonce {
  script: string
  style: string
}

/** Loads the production build (`npm run build`): the HTML shell and the server entry. */
export async function loadPageRenderer(distDir: string): Promise<PageRenderer> {
  const templatePath = join(distDir, 'client', 'index.html')
  const entryPath = join(distDir, 'server', 'entry-server.js')
  if (!existsSync(templatePath) || !existsSync(entryPath)) {
    throw new Error(`The site is not built: ${templatePath} or ${entryPath} is missing. Run \`npm run build\` first.`)
  }
  const template = await readFile(templatePath, 'utf8')
  const entry = (await import(pathToFileURL(entryPath).href)) as { render: (request: RenderRequest) => RenderedPage }

  return {
    render({ nonce, ...request }) {
      const page = entry.render({ ...request, styleNonce: nonce.style })
      const html = template
        // Function replacers: a `$` in the content must not be read as a replacement pattern.
        .replace('<!--app-lang-->', () => page.htmlLang)
        .replace('<!--app-head-->', () => page.head)
        .replace('<!--app-html-->', () => page.body)
        // Every script the page has runs with this response's nonce (the build's are also same-origin).
        .replace(/<script\b/g, `<script nonce="${nonce.script}"`)
      return { status: page.status, html }
    },
  }
}
