import { deliverDueWelcomes, type DeliverDependencies } from '../../supabase/functions/_shared/deliver-welcomes.ts'

export interface WelcomeSender {
  /** Deliver now (a welcome was just recorded) rather than at the next sweep. */
  kick(): void
  /** Resolves when the sweep in progress, if any, has finished. */
  idle(): Promise<void>
  stop(): Promise<void>
}

/**
 * The self-hosted counterpart of Supabase's pg_cron job: sweeps the outbox every
 * `intervalMs` and whenever kicked; one sweep at a time, retries follow the rows' backoff.
 * `afterDelivery`, a step of its own in each sweep (it reports its own failures), deletes the
 * places never confirmed.
 */
export function startWelcomeSender(
  dependencies: () => Promise<DeliverDependencies>,
  intervalMs: number,
  afterDelivery?: () => Promise<void>,
): WelcomeSender {
  let running: Promise<void> = Promise.resolve()
  let again = false
  let stopped = false

  let busy = false
  const sweep = async () => {
    try {
      do {
        again = false
        const deps = await dependencies()
        try {
          await deliverDueWelcomes(deps)
        } catch (error) {
          deps.log('error', 'welcome sweep failed', { error: error instanceof Error ? error.message : String(error) })
        }
        await afterDelivery?.()
      } while (again && !stopped)
    } finally {
      // In the same step as the last check of `again`: a kick arriving in between would be lost.
      busy = false
    }
  }

  const kick = () => {
    if (stopped) return
    if (busy) {
      again = true
      return
    }
    busy = true
    running = sweep()
  }

  const timer = setInterval(kick, intervalMs)
  timer.unref()

  return {
    kick,
    idle: () => running,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
