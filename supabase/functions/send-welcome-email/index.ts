import { createSendWelcomeHandler } from '../_shared/send-welcome.ts'
import { deliverWithin } from '../_shared/deliver-welcomes.ts'
import { DELIVERY_BUDGET_MS, deliveryFromEnv, inBackground, log, port, store } from '../_shared/deno-runtime.ts'

const delivery = deliveryFromEnv()

const handler = createSendWelcomeHandler({
  store,
  log,
  // Deliver right away, and whatever else is due; pg_cron's sweep retries what this could not send.
  onRecorded: () => inBackground(deliverWithin(delivery, DELIVERY_BUDGET_MS)),
})

Deno.serve({ port: port() }, handler)
