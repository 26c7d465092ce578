import type { Log } from '../../supabase/functions/_shared/runtime/http.ts'

export interface Sweeper {
  /** Sweep now rather than when the outbox next falls due. */
  kick(): void
  /** Resolves when the sweep in progress, if any, has finished. */
  idle(): Promise<void>
  /** Stops sweeping: the sweep in progress is aborted (it lets its messages in flight finish) and awaited. */
  stop(): Promise<void>
}

export interface SweeperOptions {
  /** What is swept, for the log: "welcome", "webhook". */
  name: string
  log: Log
  /** The longest wait between two sweeps, whatever the outbox says. */
  sweepMs: number
  /** Delivers what is due; resolves with the seconds until something falls due again (null: nothing pending). */
  sweep(signal: AbortSignal): Promise<number | null>
}

/** After the outbox could not be read: try again soon, then less often, never rarer than this. */
const MAX_OUTAGE_RETRY_MS = 5_000

/**
 * The self-hosted counterpart of Supabase's pg_cron jobs. Sweeps at start, whenever kicked, and
 * when the outbox says the next message falls due (a retry, a lease that ran out, a rate), at
 * least every `sweepMs`; one sweep at a time, and a kick during a sweep makes one more.
 */
export function startSweeper({ name, log, sweepMs, sweep }: SweeperOptions): Sweeper {
  let running: Promise<void> = Promise.resolve()
  let busy = false
  let again = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let outages = 0
  const stopping = new AbortController()

  const wakeIn = (ms: number) => {
    clearTimeout(timer)
    if (stopped) return
    timer = setTimeout(kick, Math.min(Math.max(ms, 0), sweepMs))
    timer.unref()
  }

  const sweepOnce = async () => {
    try {
      const retryIn = await sweep(stopping.signal)
      if (outages > 0) log('info', `${name} outbox readable again`, { after: outages })
      outages = 0
      wakeIn(retryIn === null ? sweepMs : retryIn * 1000)
    } catch (error) {
      if (outages === 0) {
        log('error', `${name} sweep failed, retrying`, { error: error instanceof Error ? error.message : String(error) })
      }
      outages += 1
      wakeIn(Math.min(250 * 2 ** outages, MAX_OUTAGE_RETRY_MS))
    }
  }

  const sweepUntilQuiet = async () => {
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
    running = sweepUntilQuiet()
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
