import { createSendWelcomeHandler } from '../_shared/send-welcome.ts'
import { deliverDueWelcomes } from '../_shared/deliver-welcomes.ts'
import { deliveryFromEnv, inBackground, log, port, store } from '../_shared/deno-runtime.ts'

const delivery = deliveryFromEnv()

const handler = createSendWelcomeHandler({
  store,
  log,
  // Deliver right away; pg_cron's sweep retries whatever this attempt could not send.
  onRecorded: () => inBackground(deliverDueWelcomes(delivery)),
})

Deno.serve({ port: port() }, handler)
