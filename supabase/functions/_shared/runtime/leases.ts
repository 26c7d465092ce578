import type { Log } from './http.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Writes an outcome, retrying for half a lease: a write lost to a dropped connection would mean the
 * message is sent a second time once its lease runs out.
 */
export async function persistWithinLease<T>(leaseSeconds: number, write: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + (leaseSeconds * 1000) / 2
  for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
    try {
      return await write()
    } catch (error) {
      if (Date.now() + delay > deadline) throw error
      await sleep(delay)
    }
  }
}

/**
 * Renews the leases on the messages in `held` every third of a lease while they are held; `what`
 * names them in the log ("welcome", "webhook"). Returns the function that stops renewing.
 */
export function renewWhileHeld(
  held: Set<number>,
  { leaseSeconds, renew, log, what }: { leaseSeconds: number; renew: (ids: number[]) => Promise<void>; log: Log; what: string },
): () => void {
  const renewal = setInterval(
    () => {
      if (held.size === 0) return
      renew([...held]).catch((error: unknown) => log('warn', `${what} leases not renewed`, { error: messageOf(error) }))
    },
    (leaseSeconds * 1000) / 3,
  )
  return () => clearInterval(renewal)
}
