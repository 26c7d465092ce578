import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RenderRequest, RenderedPage } from '../../web/src/entry-server.tsx'

export interface PageRenderer {
  /** The page with a slot for each Content Security Policy nonce: `withNonces` fills them for one response. */
  render(request: RenderRequest): { status: RenderedPage['status']; html: string }
}

/** The Content Security Policy's nonces for one response (helmet makes them per request). */
export interface CspNonce {
  script: string
  style: string
}

/**
 * Where a response's nonces go in a rendered page. A rendered page is kept for many readers
 * (page-cache.ts) while every response needs nonces of its own, so the page is rendered with
 * these marks (random per process, so no content can spell them) and each response fills them in.
 */
const NONCE_SLOTS: CspNonce = {
  script: `nonce-slot-script-${randomBytes(12).toString('hex')}`,
  style: `nonce-slot-style-${randomBytes(12).toString('hex')}`,
}

/** A rendered page with this response's nonces in its slots. */
export function withNonces(html: string, nonce: CspNonce): string {
  return html.replaceAll(NONCE_SLOTS.script, nonce.script).replaceAll(NONCE_SLOTS.style, nonce.style)
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
    render(request) {
      const page = entry.render({ ...request, styleNonce: NONCE_SLOTS.style })
      const html = template
        // Function replacers: a `$` in the content must not be read as a replacement pattern.
        .replace('<!--app-lang-->', () => page.htmlLang)
        .replace('<!--app-head-->', () => page.head)
        .replace('<!--app-html-->', () => page.body)
        // Every script the page has runs with its response's nonce (the build's are also same-origin).
        .replace(/<script\b/g, `<script nonce="${NONCE_SLOTS.script}"`)
      return { status: page.status, html }
    },
  }
}
