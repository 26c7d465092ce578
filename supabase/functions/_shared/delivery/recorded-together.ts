/**
 * Records messages one call at a time, each call taking every message that asked while the one
 * before it ran (decision 0099): a message asking alone is recorded at once, and under load the
 * messages share a transaction, its commit and its WAL flush instead of paying one each.
 * `record` answers the ids it recorded; each message learns whether it was among them, or the
 * error that stopped its call.
 */
export function recordedTogether(record: (ids: number[]) => Promise<Set<number>>): (id: number) => Promise<boolean> {
  let waiting: { id: number; settle: (recorded: Promise<boolean>) => void }[] = []
  let recording = false

  const recordWaiting = async () => {
    if (recording || waiting.length === 0) return
    recording = true
    const batch = waiting
    waiting = []
    const recorded = record(batch.map(({ id }) => id))
    for (const { id, settle } of batch) settle(recorded.then((ids) => ids.has(id)))
    await recorded.catch(() => undefined)
    recording = false
    void recordWaiting()
  }

  return (id) =>
    new Promise<boolean>((resolve) => {
      waiting.push({ id, settle: resolve })
      void recordWaiting()
    })
}
