import { createSendWelcomeHandler } from '../_shared/welcome/send-welcome.ts'
import { deliverWithin } from '../_shared/delivery/deliver-welcomes.ts'
import { createProofOfWork } from '../_shared/proof-of-work/proof-of-work.ts'
import { sqlAnalyticsApi } from '../_shared/analytics/analytics-api.ts'
import { createFormStartCounter } from '../_shared/analytics/form-starts.ts'
import {
  consentVersion,
  DELIVERY_BUDGET_MS,
  deliveryFromEnv,
  guarded,
  inBackground,
  log,
  pool,
  port,
  proofOfWorkKey,
  store,
} from '../_shared/runtime/deno-runtime.ts'

const delivery = deliveryFromEnv()

// A challenge is a form start (docs/product.md §8.3), matched to the visit the site server counted:
// the same site host goes into the visitor's identifier, so SITE_URL must be the site's address.
const siteUrl = Deno.env.get('SITE_URL')
const countFormStart = siteUrl ? createFormStartCounter(sqlAnalyticsApi(pool), new URL(siteUrl).host) : undefined

const handler = createSendWelcomeHandler({
  store,
  // On unless CAPTCHA=off; challenges are signed with ALTCHA_HMAC_KEY or the key kept in the database.
  proofOfWork: Deno.env.get('CAPTCHA') === 'off' ? undefined : createProofOfWork(pool, proofOfWorkKey),
  consentVersion,
  log,
  // Deliver right away, and whatever else is due; pg_cron's sweep retries what this could not send.
  onRecorded: () => inBackground(deliverWithin(delivery, DELIVERY_BUDGET_MS)),
  ...(countFormStart ? { onChallenge: (headers: Headers, url: string) => inBackground(countFormStart(headers, url)) } : {}),
})

// The browser calls it with the project's publishable (or anon) key.
Deno.serve({ port: port() }, guarded('public', handler))
