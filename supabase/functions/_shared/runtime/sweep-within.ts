/** The longest an edge function waits for the next message to fall due; later ones are the next cron run's (every 10 s). */
const MAX_WAIT_MS = 5_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sweeps an outbox, and sweeps again when something falls due within seconds (a quick retry, a
 * rate), for at most `budgetMs` (an edge function's time); `add` folds each sweep's report into
 * the total, which ends with the last sweep's `retryIn`.
 */
export async function sweepWithin<Report extends { retryIn: number | null }>(
  budgetMs: number,
  sweep: (signal: AbortSignal) => Promise<Report>,
  add: (total: Report, report: Report) => Report,
): Promise<Report> {
  const deadline = Date.now() + budgetMs
  const signal = AbortSignal.timeout(budgetMs)
  let total: Report | undefined
  for (;;) {
    const report = await sweep(signal)
    total = total ? { ...add(total, report), retryIn: report.retryIn } : report
    const waitMs = report.retryIn === null ? Infinity : report.retryIn * 1000
    if (waitMs > MAX_WAIT_MS || Date.now() + waitMs >= deadline) return total
    await sleep(waitMs)
  }
}
