import { createHash } from 'node:crypto'

/** The Content Security Policy's sources for a page's own inline scripts and styles, by hash. */
export interface InlineSources {
  script: string[]
  style: string[]
}

const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * The hash of an empty style: styled-components adds its browser tag (for rules the prerender
 * did not need, an open menu) empty and fills it through the CSSOM, which the policy does not
 * govern, so only the empty text is checked. A tag with text in it still needs its own hash.
 */
const EMPTY_STYLE = sha256Source('')

/** Script elements the browser runs: no `src`, and no data type such as `application/json`. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>([\s\S]*?)<\/script>/gi
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi

/**
 * The hashes of every inline script and style of a page the renderer made
 * (docs/decisions/0050-pages-kept-compressed-under-hashes.md). The page is our own output, read
 * as a browser reads a script's or style's text: up to its first closing tag, which a script's
 * JSON and a style's CSS never hold (entry-server.tsx escapes `<`).
 */
export function inlineSources(html: string): InlineSources {
  const hashes = (pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map(([, text = '']) => sha256Source(text)))]
  return { script: hashes(INLINE_SCRIPT), style: [...new Set([...hashes(INLINE_STYLE), EMPTY_STYLE])] }
}
