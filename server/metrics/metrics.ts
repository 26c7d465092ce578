/**
 * What the server counts for Prometheus (`GET /metrics`, docs/operations.md "Metrics"): one registry
 * per server, so that tests running several servers in one process read each one's own numbers.
 * Every label takes values from a closed list (route patterns, outcomes, kinds), never from a
 * request: the number of series stays bounded whatever the traffic.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'

export interface Metrics {
  registry: Registry
  signups: Counter<'outcome'>
  welcomeCalls: Counter<'outcome'>
  /** One per try: the message's kind, whether it was its first try, and what came of it. */
  mailSends: Counter<'kind' | 'attempt' | 'result'>
  /** One per attempt: the receiver's status class (or `none` when no answer came), and what came of it. */
  webhookDeliveries: Counter<'status' | 'outcome'>
  /** Page views and form starts: counted, or not and why. */
  pageViews: Counter<'outcome' | 'reason'>
  httpDuration: Histogram<'method' | 'route' | 'status'>
  backups: Counter<'result'>
}

/** From a cached page (about a millisecond) to a request cut off by the request timeout (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createMetrics(): Metrics {
  const registry = new Registry()
  // Process CPU and memory, the heap, GC, handles and the event loop's delay (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    signups: new Counter({
      name: 'pulso_signups_total',
      help: 'Sign-up inserts (POST /rest/v1/waitlist) by outcome: added, repeat (listed before or a mailbox that left: no new row), refused (400), limited (429), too_large (413), unavailable (503), error (500).',
      labelNames: ['outcome'],
      registers,
    }),
    welcomeCalls: new Counter({
      name: 'pulso_welcome_calls_total',
      help: 'send-welcome-email calls by outcome: recorded, already, not_listed, mailbox_full (all answered 202), challenge (GET), limited, unknown_consent, invalid, proof_refused, unavailable, error.',
      labelNames: ['outcome'],
      registers,
    }),
    mailSends: new Counter({
      name: 'pulso_mail_sends_total',
      help: 'Tries to send a message of the mail outbox, by kind (welcome, invitation, standing, update), attempt (first, retry) and result (sent, retry: deferred and due again, failed: given up, unavailable: the mail service was away, given back uncounted).',
      labelNames: ['kind', 'attempt', 'result'],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'pulso_webhook_deliveries_total',
      help: 'Webhook delivery attempts by the receiver’s status class (2xx, 3xx, 4xx, 5xx, none: no answer) and outcome (delivered, retry, failed).',
      labelNames: ['status', 'outcome'],
      registers,
    }),
    pageViews: new Counter({
      name: 'pulso_page_views_total',
      help: 'Page views and form starts: outcome counted, or dropped with the reason (flood, write_failed, salt_gone, over_limit).',
      labelNames: ['outcome', 'reason'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'pulso_http_request_duration_seconds',
      help: 'Time to answer, by method, route pattern (never the raw address) and status class.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    backups: new Counter({
      name: 'pulso_backups_total',
      help: 'Snapshots this server took on its schedule, by result (ok: written and checked, failed).',
      labelNames: ['result'],
      registers,
    }),
  }
}
