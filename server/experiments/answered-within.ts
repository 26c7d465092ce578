/**
 * `work`'s answer, or undefined when it has not come within `ms` (the page then shows the
 * defaults). The deadline is read after the event loop has taken in the answers that arrived
 * (setImmediate, after the poll phase), not as its timer fires: when this thread was held up past
 * the deadline (a busy machine, a garbage collection), the timer and an answer that came meanwhile
 * are due together, and the timers phase runs first: the answer is taken then, not a wait that
 * did not happen.
 */
export async function answeredWithin<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  // A plain timer: an aborted signal builds an AbortError with its stack on every page view.
  let timer: ReturnType<typeof setTimeout> | undefined
  let check: ReturnType<typeof setImmediate> | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      check = setImmediate(resolve, undefined)
    }, ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
    clearImmediate(check)
  }
}
