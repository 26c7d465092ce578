/** The report's range: the last `days` UTC days, today included. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const from = new Date(to.getTime() - (days - 1) * 86_400_000)
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) }
}

export const percent = (ratio: number | null | undefined) =>
  ratio === null || ratio === undefined ? '—' : `${(ratio * 100).toFixed(1)} %`

/** The change from the previous period, as a signed percentage; none when there was nothing before. */
export function change(now: number | null, before: number | null): string | undefined {
  if (now === null || before === null || before === 0) return undefined
  const delta = ((now - before) / before) * 100
  return `${delta >= 0 ? '+' : ''}${delta.toFixed(0)} %`
}

/** A moment as the tool shows it: UTC, to the second; a dash for none. */
export const moment = (at: string | null) => (at ? new Date(at).toISOString().replace('T', ' ').slice(0, 19) : '—')
