import type { Database } from '../db/database.ts'
import { startSweeper, type Sweeper } from '../outbox/sweeper.ts'
import type { Log } from '../../supabase/functions/_shared/runtime/http.ts'
import {
  deliverDueWebhooks,
  type WebhookDependencies,
  type WebhookTransport,
} from '../../supabase/functions/_shared/webhooks/deliver-webhooks.ts'
import type { WebhookPolicy } from '../../supabase/functions/_shared/webhooks/webhook-policy.ts'
import { createWebhookStore } from '../../supabase/functions/_shared/webhooks/webhook-store.ts'
import { guardedTransport } from '../../supabase/functions/_shared/webhooks/guarded-transport.ts'

export interface WebhookSenderOptions {
  policy: WebhookPolicy
  allowPrivate: boolean
  /** How often the outbox is looked at: events are written by the database's triggers, not announced. */
  sweepMs: number
  log: Log
  onAttempt?: WebhookDependencies['onAttempt']
}

/**
 * The self-hosted webhook sender: its own sweeps, apart from the welcome sender's, so a slow
 * receiver never holds a welcome back.
 */
export async function startWebhookSender(
  db: Database,
  { policy, allowPrivate, sweepMs, log, onAttempt }: WebhookSenderOptions,
): Promise<Sweeper> {
  const store = createWebhookStore(db)
  if (db.kind === 'pglite') {
    // This process holds the embedded database alone: any lease in it is a dead process's.
    const released = await store.releaseAbandoned()
    if (released > 0) log('info', 'took back the webhooks a stopped server was delivering', { deliveries: released })
  }
  const transport: WebhookTransport = guardedTransport({ allowPrivate })
  return startSweeper({
    name: 'webhook',
    log,
    sweepMs,
    sweep: async (signal) =>
      (await deliverDueWebhooks({ store, transport, policy, log, ...(onAttempt ? { onAttempt } : {}) }, signal)).retryIn,
  })
}
