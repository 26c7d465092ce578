import { deliverDueWelcomes, type DeliverDependencies } from '../../supabase/functions/_shared/delivery/deliver-welcomes.ts'
import type { OutboxCounts } from '../../supabase/functions/_shared/welcome/welcome-store.ts'

export interface WelcomeSender {
  /** Deliver now (a welcome was just recorded) rather than at the next sweep. */
  kick(): void
  /** Resolves when the sweep in progress, if any, has finished. */
  idle(): Promise<void>
  /** Stops claiming, lets the messages in flight finish and gives the rest back. */
  stop(): Promise<void>
}

export interface WelcomeSenderOptions {
  /** The longest wait between two sweeps, whatever the outbox says. */
  sweepMs: number
  /** The outbox's pending and failed counts, logged at most this often while there is something to say. */
  countsEveryMs?: number
  counts: () => Promise<OutboxCounts>
  /** A step of its own after each sweep's delivery (it reports its own failures): deletes the places never confirmed. */
  afterDelivery?: () => Promise<void>
}

/** After the outbox could not be read: try again soon, then less often, never rarer than this. */
const MAX_OUTAGE_RETRY_MS = 5_000

/**
 * The self-hosted counterpart of Supabase's pg_cron job. Sweeps at start, whenever kicked, and
 * when the outbox says the next welcome falls due (a retry, a lease that ran out, the rate), at
 * least every `sweepMs`. A sweep drains everything due (deliverDueWelcomes); one sweep at a time,
 * and a kick during a sweep makes one more.
 */
export function startWelcomeSender(
  deps: DeliverDependencies,
  { sweepMs, countsEveryMs = 60_000, counts, afterDelivery }: WelcomeSenderOptions,
): WelcomeSender {
  let running: Promise<void> = Promise.resolve()
  let busy = false
  let again = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let outages = 0
  let countsLoggedAt = -Infinity
  let lastCounts = ''
  const stopping = new AbortController()

  const wakeIn = (ms: number) => {
    clearTimeout(timer)
    if (stopped) return
    timer = setTimeout(kick, Math.min(Math.max(ms, 0), sweepMs))
    timer.unref()
  }

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

  const sweepOnce = async () => {
    try {
      const report = await deliverDueWelcomes(deps, stopping.signal)
      if (outages > 0) deps.log('info', 'welcome outbox readable again', { after: outages })
      outages = 0
      await logCounts().catch(() => undefined)
      await afterDelivery?.()
      wakeIn(report.retryIn === null ? sweepMs : report.retryIn * 1000)
    } catch (error) {
      if (outages === 0) {
        deps.log('error', 'welcome sweep failed, retrying', { error: error instanceof Error ? error.message : String(error) })
      }
      outages += 1
      wakeIn(Math.min(250 * 2 ** outages, MAX_OUTAGE_RETRY_MS))
    }
  }

  const sweep = async () => {
    try {
      do {
        again = false
        await sweepOnce()
      } while (again && !stopped)
    } finally {
      // In the same step as the last check of `again`: a kick arriving in between would be lost.
      busy = false
    }
  }

  function kick() {
    if (stopped) return
    if (busy) {
      again = true
      return
    }
    busy = true
    clearTimeout(timer)
    running = sweep()
  }

  kick()

  return {
    kick,
    idle: () => running,
    async stop() {
      stopped = true
      clearTimeout(timer)
      stopping.abort()
      await running
    },
  }
}
