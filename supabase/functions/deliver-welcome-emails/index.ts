import { deliverWithin } from '../_shared/delivery/deliver-welcomes.ts'
import { json } from '../_shared/runtime/http.ts'
import { sweepUnconfirmed } from '../_shared/links/waitlist-places.ts'
import { noteConsentVersion } from '../_shared/welcome/consent-versions.ts'
import { noteReferralSettings } from '../_shared/referrals/referral-settings.ts'
import {
  consentVersion,
  DELIVERY_BUDGET_MS,
  deliveryFromEnv,
  guarded,
  mailCopy,
  log,
  places,
  pool,
  port,
  retentionDays,
} from '../_shared/runtime/deno-runtime.ts'

const delivery = deliveryFromEnv()

/**
 * Called every 10 seconds by pg_cron (migration 20261123110100) with the secret (service-role)
 * key: delivers what is due within the function's time budget, then, as steps of their own,
 * records the privacy note's current version and the referral rules marketers set (§13.3), and
 * deletes the places never confirmed (docs/product.md §4.5).
 */
Deno.serve(
  { port: port() },
  guarded('secret', async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' })
    const delivered = await deliverWithin(delivery, DELIVERY_BUDGET_MS)
    await noteConsentVersion(pool, consentVersion, log)
    await noteReferralSettings(pool, mailCopy(), log)
    return json(200, { ...delivered, deleted: await sweepUnconfirmed(places, retentionDays, log) })
  }),
)
