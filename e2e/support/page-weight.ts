import type { Page, Request } from '@playwright/test'

/**
 * What a phone downloads before the reader does anything, as sent (compressed, headers included).
 * Sizes hold from run to run where timings do not, so the budget is checked by the specs and the
 * timings only in `npm run bench:page` (docs/decisions/0022-page-speed-on-phones.md).
 */
export const SCRIPT_BUDGET_BYTES = 90 * 1024
/** What a new connection delivers in its first round trip (ten packets): the page paints from it alone. */
export const HTML_BUDGET_BYTES = 14 * 1024
/**
 * The check the page's first content answer loads before it shows anything new: a worker with zod and
 * the page's generated parser, and the few lines that start it (docs/decisions/0062-content-parsed-where-it-enters.md,
 * 0087-content-checked-off-the-page-thread.md): after the first script, never in it.
 */
export const CONTENT_CHECK_BUDGET_BYTES = 8 * 1024

/** The check's two scripts (web/src/shared/content/conform-off-thread.ts and its worker). */
export const CONTENT_CHECK = /\/assets\/(conform-off-thread|page-content-check\.worker)-[\w-]+\.js$/

/** The check's worker, the last script the first answer loads. */
export const CONTENT_CHECK_WORKER = /\/assets\/page-content-check\.worker-[\w-]+\.js$/

/**
 * The home page's entry script as main sent it before pages were documents (`index-*.js.br`, body
 * only, docs/decisions/0076-section-kinds-loaded-where-used.md): the renderer of section types must pay
 * for itself, so it never grows past this. Chunk hashes move it by about ±15 bytes from build to build.
 */
export const HOME_ENTRY_BEFORE_PAGES_BYTES = 91_383

/** The chunks of the section types the home page does not use (web/src/app/section-registry.ts). */
export const LAZY_SECTION_CHUNK = /\/assets\/(faq-section|logo-row-section|rich-text-section)-[\w-]+\.js$/

/** The page's entry script (web/src/main.tsx). */
export const ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/

export const sentBytes = async (request: Request) => {
  const sizes = await request.sizes()
  return sizes.responseHeadersSize + sizes.responseBodySize
}

/** A script the page asked for, once it has all come: its address and its bytes as sent. */
export interface SentScript {
  url: string
  /** Headers and body. */
  bytes: number
  /** The body alone, compressed as sent. */
  bodyBytes: number
}

/**
 * The scripts a page asks for, split at the answer to its first content query: before it, what the
 * page's first paint and idle work load by themselves (the first script's budget); after it, what that
 * answer loads. Call before navigating. The split follows the order the browser reports requests in,
 * not the clock.
 */
export function watchScripts(page: Page) {
  const before: Promise<SentScript>[] = []
  const after: Promise<SentScript>[] = []
  let answered = false
  page.on('response', (response) => {
    if (response.url().includes('/data/query/')) answered = true
  })
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return
    const sent = request
      .response()
      .then((response) => response?.finished())
      .then(async () => {
        const sizes = await request.sizes()
        return {
          url: request.url(),
          bytes: sizes.responseHeadersSize + sizes.responseBodySize,
          bodyBytes: sizes.responseBodySize,
        }
      })
    // A script the page dropped (a request failed) has no size: only those who await its list see
    // that, never as an unhandled rejection failing a test that measures the other list.
    sent.catch(() => undefined)
    ;(answered ? after : before).push(sent)
  })
  return {
    /** Every script asked for before the first content answer, once each has come. */
    beforeFirstAnswer: () => Promise.all(before),
    /** The scripts asked for since, once each has come. */
    afterFirstAnswer: () => Promise.all(after),
  }
}

export const totalBytes = (scripts: readonly SentScript[]) => scripts.reduce((sum, script) => sum + script.bytes, 0)
