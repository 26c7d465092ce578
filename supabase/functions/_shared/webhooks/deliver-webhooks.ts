import type { Log } from '../runtime/http.ts'
import { sweepWithin } from '../runtime/sweep-within.ts'
import { persistWithinLease, renewWhileHeld } from '../runtime/leases.ts'
import { signedHeaders } from './sign-webhook.ts'
import type { WebhookPolicy } from './webhook-policy.ts'
import type { AttemptOutcome, ClaimedDelivery, WebhookStore } from './webhook-store.ts'

/** How a sender reaches a receiver. */
export interface WebhookTransport {
  /**
   * POSTs `body` to `url` and resolves with the answer's status (redirects are answers, never
   * followed); rejects, with a message saying why, when no answer came: an address refused, a
   * connection failed, the time ran out.
   */
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number>
}

export interface WebhookDependencies {
  store: Pick<WebhookStore, 'claimDue' | 'recordAttempt' | 'renew' | 'release' | 'nextDueIn'>
  transport: WebhookTransport
  policy: WebhookPolicy
  log: Log
  /** Told of each attempt: the receiver's status (null: no answer came) and what came of it (the self-hosted server's metrics). */
  onAttempt?: (status: number | null, outcome: AttemptOutcome) => void
}

export interface WebhookReport {
  delivered: number
  /** Failed this time, due again later. */
  retried: number
  /** Given up on, or their endpoint disabled. */
  failed: number
  /** Seconds until a delivery falls due (0: at once); null when none is pending. */
  retryIn: number | null
}

const WEBHOOK_USER_AGENT = 'Pulso-Webhooks/1'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Delivers every webhook that is due, `policy.concurrency` at a time (at most `policy.perEndpoint`
 * to one endpoint, and one person's events to an endpoint in order: the claim sees to both), until
 * nothing more can be claimed or `signal` aborts. Deliveries in hand stay leased until their attempt
 * is recorded; those not yet posted are given back. Throws only when the outbox cannot be read.
 */
export async function deliverDueWebhooks(deps: WebhookDependencies, signal?: AbortSignal): Promise<WebhookReport> {
  const { store, policy, log } = deps
  const report: WebhookReport = { delivered: 0, retried: 0, failed: 0, retryIn: null }
  const queue: ClaimedDelivery[] = []
  /** Claimed and not yet recorded: queued or in flight. */
  const held = new Set<number>()
  let claiming: Promise<number> | undefined
  let claimError: unknown
  /** Resolved each time an attempt is recorded: a delivery the claim held back may be claimable now. */
  let wake = () => undefined as void
  let settled = new Promise<void>((resolve) => (wake = resolve))
  const announceSettled = () => {
    wake()
    settled = new Promise<void>((resolve) => (wake = resolve))
  }

  const halted = () => claimError !== undefined || Boolean(signal?.aborted)

  const claim = async () => {
    try {
      const batch = await store.claimDue(policy.concurrency * 2, policy)
      // One this sweep already holds (its lease ran out while in flight) is not posted twice.
      const fresh = batch.filter((delivery) => !held.has(delivery.id))
      for (const delivery of fresh) {
        held.add(delivery.id)
        queue.push(delivery)
      }
      return fresh.length
    } catch (error) {
      claimError = error
      return 0
    }
  }

  const persist = <T>(write: () => Promise<T>) => persistWithinLease(policy.leaseSeconds, write)

  const attempt = async (delivery: ClaimedDelivery) => {
    const body = JSON.stringify(delivery.payload)
    const headers = {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      ...signedHeaders(delivery.eventId, body, delivery.secrets, new Date()),
    }
    let status: number | null = null
    let error: string | null = null
    try {
      status = await deps.transport.post(delivery.url, headers, body, policy.timeoutSeconds * 1000)
      if (status < 200 || status > 299) error = `The endpoint answered ${status}.`
    } catch (cause) {
      error = messageOf(cause)
    }
    const outcome = await persist(() => store.recordAttempt(delivery.id, status, error, policy))
    deps.onAttempt?.(status, outcome)
    const details = { endpoint: delivery.endpointId, event: delivery.eventId, attempt: delivery.attempts + 1, error }
    if (outcome === 'delivered') report.delivered += 1
    else if (outcome === 'pending') {
      report.retried += 1
      log('warn', 'webhook delivery failed, will retry', details)
    } else if (outcome === 'failed') {
      report.failed += 1
      log('warn', status === 410 ? 'webhook endpoint gone (410): disabled' : 'webhook delivery given up', details)
    }
  }

  const worker = async () => {
    for (;;) {
      if (!halted() && !claiming && queue.length < policy.concurrency) {
        claiming = claim().finally(() => (claiming = undefined))
      }
      const delivery = halted() ? undefined : queue.shift()
      if (delivery) {
        await attempt(delivery).catch((error: unknown) =>
          log('error', 'webhook attempt not recorded; due again when its lease ends', {
            delivery: delivery.id,
            error: messageOf(error),
          }),
        )
        held.delete(delivery.id)
        announceSettled()
      } else if (claiming) {
        const claimed = await claiming
        // Nothing claimable while others are in flight: the next recorded attempt may free one.
        if (claimed === 0 && !halted() && queue.length === 0) {
          if (held.size === 0) return
          await settled
        }
      } else if (held.size > 0 && !halted()) {
        await settled
      } else {
        return
      }
    }
  }

  const stopRenewing = renewWhileHeld(held, {
    leaseSeconds: policy.leaseSeconds,
    renew: (ids) => store.renew(ids, policy.leaseSeconds),
    log,
    what: 'webhook',
  })
  try {
    await Promise.all(Array.from({ length: policy.concurrency }, () => worker()))
  } finally {
    stopRenewing()
    const unsent = queue.splice(0).map((delivery) => delivery.id)
    if (unsent.length > 0) {
      await store
        .release(unsent)
        .catch((error: unknown) =>
          log('warn', 'unsent webhooks not given back; due when their lease ends', { error: messageOf(error) }),
        )
    }
  }
  if (claimError !== undefined) throw claimError
  report.retryIn = await store.nextDueIn()
  return report
}

/** Delivers what is due, and what falls due within seconds, for at most `budgetMs` (an edge function's time). */
export const deliverWebhooksWithin = (deps: WebhookDependencies, budgetMs: number): Promise<WebhookReport> =>
  sweepWithin(
    budgetMs,
    (signal) => deliverDueWebhooks(deps, signal),
    (total, report) => ({
      delivered: total.delivered + report.delivered,
      retried: total.retried + report.retried,
      failed: total.failed + report.failed,
      retryIn: report.retryIn,
    }),
  )
