/**
 * Runs expensive work (image renders) a few at a time, so it can never take every thread the
 * process has: beyond `concurrency` running, up to `maxQueued` wait their turn, and any more are
 * refused at once. Requests for work already queued or running wait for that one run instead of
 * starting their own. Work whose every caller has gone (aborted) before it started is dropped.
 * docs/decisions/0029-bounded-image-renders.md.
 */

export interface RenderQueueLimits {
  /** Jobs running at once. */
  concurrency: number
  /** Jobs waiting to start; a request for one more is refused with QueueFullError. */
  maxQueued: number
}

/** Too much work is queued already: answered with 503 and `Retry-After`. */
export class QueueFullError extends Error {
  override name = 'QueueFullError'
}

interface Waiter<T> {
  resolve: (value: T) => void
  reject: (reason: unknown) => void
}

interface Job<T> {
  key: string
  work: () => Promise<T>
  waiters: Set<Waiter<T>>
  started: boolean
}

export function createRenderQueue<T>({ concurrency, maxQueued }: RenderQueueLimits) {
  const jobs = new Map<string, Job<T>>()
  const waiting: Job<T>[] = []
  let running = 0

  const startWhatFits = () => {
    while (running < concurrency) {
      const job = waiting.shift()
      if (!job) return
      job.started = true
      running += 1
      // Once started it runs to the end even when nobody waits any more: sharp cannot stop a
      // render half-way (its time limit bounds it), and `work` may keep the result for the next caller.
      void job
        .work()
        .then(
          (value) => {
            for (const waiter of job.waiters) waiter.resolve(value)
          },
          (error: unknown) => {
            for (const waiter of job.waiters) waiter.reject(error)
          },
        )
        .finally(() => {
          running -= 1
          jobs.delete(job.key)
          startWhatFits()
        })
    }
  }

  return {
    /**
     * The result of `work` for `key`: this call's own run, or one already queued or running
     * under the same key. Rejects with the signal's reason when it aborts first, and throws
     * QueueFullError when the queue has no room for a new job.
     */
    run(key: string, work: () => Promise<T>, signal: AbortSignal): Promise<T> {
      signal.throwIfAborted()
      let job = jobs.get(key)
      if (!job) {
        if (running >= concurrency && waiting.length >= maxQueued) {
          throw new QueueFullError(`${running} renders are running and ${waiting.length} waiting: try again shortly`)
        }
        job = { key, work, waiters: new Set(), started: false }
        jobs.set(key, job)
        waiting.push(job)
      }
      const shared = job
      let waiter!: Waiter<T>
      const answer = new Promise<T>((resolve, reject) => (waiter = { resolve, reject }))
      shared.waiters.add(waiter)
      const leave = () => {
        shared.waiters.delete(waiter)
        waiter.reject(signal.reason)
        if (!shared.started && shared.waiters.size === 0) {
          waiting.splice(waiting.indexOf(shared), 1)
          jobs.delete(key)
        }
      }
      signal.addEventListener('abort', leave, { once: true })
      startWhatFits()
      return answer.finally(() => signal.removeEventListener('abort', leave))
    },
    /** How many jobs run and wait now. */
    load: () => ({ running, waiting: waiting.length }),
  }
}
