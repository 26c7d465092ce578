import { deliverDueWelcomes, type DeliverDependencies } from '../../supabase/functions/_shared/delivery/deliver-welcomes.ts'
import type { OutboxCounts } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import { startSweeper, type Sweeper } from '../outbox/sweeper.ts'

export type WelcomeSender = Sweeper

export interface WelcomeSenderOptions {
  /** The longest wait between two sweeps, whatever the outbox says. */
  sweepMs: number
  /** The outbox's pending and failed counts, logged at most this often while there is something to say. */
  countsEveryMs?: number
  counts: () => Promise<OutboxCounts>
  /** A step of its own after each sweep's delivery (it reports its own failures): deletes the places never confirmed. */
  afterDelivery?: () => Promise<void>
}

/**
 * Sweeps the welcome outbox (deliverDueWelcomes drains everything due), then logs its counts and
 * runs `afterDelivery`.
 */
export function startWelcomeSender(
  deps: DeliverDependencies,
  { sweepMs, countsEveryMs = 60_000, counts, afterDelivery }: WelcomeSenderOptions,
): WelcomeSender {
  let countsLoggedAt = -Infinity
  let lastCounts = ''

  const logCounts = async () => {
    if (performance.now() - countsLoggedAt < countsEveryMs) return
    countsLoggedAt = performance.now()
    const outbox = await counts()
    const summary = JSON.stringify(outbox)
    // Quiet while nothing waits and nothing changed; otherwise once a period.
    if (outbox.pending === 0 && summary === lastCounts) return
    lastCounts = summary
    deps.log(outbox.failed > 0 || (outbox.oldestPendingSeconds ?? 0) > 300 ? 'warn' : 'info', 'welcome outbox', { ...outbox })
  }

  return startSweeper({
    name: 'welcome',
    log: deps.log,
    sweepMs,
    async sweep(signal) {
      const report = await deliverDueWelcomes(deps, signal)
      await logCounts().catch(() => undefined)
      await afterDelivery?.()
      return report.retryIn
    },
  })
}
