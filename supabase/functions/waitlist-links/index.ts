import { createWaitlistLinksHandler } from '../_shared/links/waitlist-links.ts'
import { guarded, linkSecret, log, places, port } from '../_shared/runtime/deno-runtime.ts'

const handler = createWaitlistLinksHandler({ places, linkSecret, log })

// The site's server calls it, with the project's publishable (or anon) key, when a reader opens
// or presses a personal link; the signed token is what authorizes the action.
Deno.serve({ port: port() }, guarded('public', handler))
