import { deliverWebhooksWithin } from '../_shared/webhooks/deliver-webhooks.ts'
import { guardedTransport } from '../_shared/webhooks/guarded-transport.ts'
import { webhookPolicyFromEnv } from '../_shared/webhooks/webhook-policy.ts'
import { createWebhookStore } from '../_shared/webhooks/webhook-store.ts'
import { json } from '../_shared/runtime/http.ts'
import { DELIVERY_BUDGET_MS, guarded, log, pool, port } from '../_shared/runtime/deno-runtime.ts'

const delivery = {
  store: createWebhookStore(pool),
  transport: guardedTransport({ allowPrivate: Deno.env.get('WEBHOOK_ALLOW_PRIVATE') === 'true' }),
  policy: webhookPolicyFromEnv(Deno.env.toObject()),
  log,
}

/**
 * Called every 10 seconds by pg_cron (migration 20261126090100) with the secret (service-role)
 * key: delivers the webhooks that are due within the function's time budget (docs/operations.md, "Webhooks").
 */
Deno.serve(
  { port: port() },
  guarded('secret', async (request) => {
    if (request.method !== 'POST') return json(405, { error: 'method_not_allowed', message: 'Use POST.' })
    return json(200, await deliverWebhooksWithin(delivery, DELIVERY_BUDGET_MS))
  }),
)
