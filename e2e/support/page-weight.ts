import type { Request } from '@playwright/test'

/**
 * What a phone downloads before the reader does anything, as sent (compressed, headers included).
 * Sizes hold from run to run where timings do not, so the budget is checked by the specs and the
 * timings only in `npm run bench:page` (docs/decisions/0022-page-speed-on-phones.md).
 */
export const SCRIPT_BUDGET_BYTES = 90 * 1024
/** What a new connection delivers in its first round trip (ten packets): the page paints from it alone. */
export const HTML_BUDGET_BYTES = 14 * 1024

export const sentBytes = async (request: Request) => {
  const sizes = await request.sizes()
  return sizes.responseHeadersSize + sizes.responseBodySize
}
