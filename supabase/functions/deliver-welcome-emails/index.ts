import { deliverWithin } from '../_shared/deliver-welcomes.ts'
import { json } from '../_shared/http.ts'
import { DELIVERY_BUDGET_MS, deliveryFromEnv, port } from '../_shared/deno-runtime.ts'

const delivery = deliveryFromEnv()

/** Called every 10 seconds by pg_cron (migration 20261123110100) with the service-role key. */
Deno.serve({ port: port() }, async (request) => {
  if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' })
  return json(200, await deliverWithin(delivery, DELIVERY_BUDGET_MS))
})
