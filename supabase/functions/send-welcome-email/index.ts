import { createSendWelcomeHandler } from '../_shared/send-welcome.ts'
import { deliverDueWelcomes } from '../_shared/deliver-welcomes.ts'
import { deliveryFromEnv, guarded, inBackground, log, port, store } from '../_shared/deno-runtime.ts'

const delivery = deliveryFromEnv()

const handler = createSendWelcomeHandler({
  store,
  log,
  // Deliver right away; pg_cron's sweep retries whatever this attempt could not send.
  onRecorded: () => inBackground(deliverDueWelcomes(delivery)),
})

// The browser calls it with the project's publishable (or anon) key.
Deno.serve({ port: port() }, guarded('public', handler))
