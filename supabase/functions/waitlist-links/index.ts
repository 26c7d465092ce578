import { createWaitlistLinksHandler } from '../_shared/links/waitlist-links.ts'
import { guarded, linkSecret, log, places, port, referrals } from '../_shared/runtime/deno-runtime.ts'

const handler = createWaitlistLinksHandler({ places, referrals, linkSecret, log })

// The site's server calls it, with the project's publishable (or anon) key, when a reader opens
// or presses a personal link or their referral status page; the signed token is what authorizes
// the action (the leaderboard, when on, is public).
Deno.serve({ port: port() }, guarded('public', handler))
