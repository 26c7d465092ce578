/**
 * The counters of metrics.ts as the callbacks each part of the server tells its outcomes to: the
 * parts know nothing of Prometheus, and the labels are set in one place.
 */
import type { AttemptOutcome } from '../../supabase/functions/_shared/webhooks/webhook-store.ts'
import type { PendingWelcome } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import type { SendResult } from '../../supabase/functions/_shared/delivery/deliver-welcomes.ts'
import type { UncountedReason } from '../analytics/page-counter.ts'
import type { Metrics } from './metrics.ts'

/** A try of a message of the mail outbox: its kind, whether it was the first, and what came of it. */
export const observeSend =
  ({ mailSends }: Pick<Metrics, 'mailSends'>) =>
  (message: PendingWelcome, result: SendResult) =>
    mailSends.inc({ kind: message.kind, attempt: message.attempts === 0 ? 'first' : 'retry', result })

/** A webhook attempt: the receiver's status class, or `none` when no answer came. */
export const observeWebhookAttempt =
  ({ webhookDeliveries }: Pick<Metrics, 'webhookDeliveries'>) =>
  (status: number | null, outcome: AttemptOutcome) =>
    webhookDeliveries.inc({
      status: status === null ? 'none' : `${Math.floor(status / 100)}xx`,
      outcome: outcome === 'pending' ? 'retry' : outcome,
    })

/** Page views and form starts, counted or not. */
export const observePageViews =
  ({ pageViews }: Pick<Metrics, 'pageViews'>) =>
  (outcome: 'counted' | UncountedReason, count: number) =>
    pageViews.inc(outcome === 'counted' ? { outcome, reason: '' } : { outcome: 'dropped', reason: outcome }, count)
