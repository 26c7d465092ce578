import { createSendWelcomeHandler } from '../_shared/welcome/send-welcome.ts'
import { deliverWithin } from '../_shared/delivery/deliver-welcomes.ts'
import { createProofOfWork } from '../_shared/proof-of-work/proof-of-work.ts'
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

const handler = createSendWelcomeHandler({
  store,
  // On unless CAPTCHA=off; challenges are signed with ALTCHA_HMAC_KEY or the key kept in the database.
  proofOfWork: Deno.env.get('CAPTCHA') === 'off' ? undefined : createProofOfWork(pool, proofOfWorkKey),
  consentVersion,
  log,
  // Deliver right away, and whatever else is due; pg_cron's sweep retries what this could not send.
  onRecorded: () => inBackground(deliverWithin(delivery, DELIVERY_BUDGET_MS)),
})

// The browser calls it with the project's publishable (or anon) key.
Deno.serve({ port: port() }, guarded('public', handler))
