/**
 * Records ids one call at a time, each call taking every id that asked while the one before it ran
 * (decisions 0091 and 0099): an id asking alone is recorded at once, and under load the ids share a
 * statement, its commit and its WAL flush instead of paying one each. Each id's `record` answers
 * with its call's answer, or the error that stopped it; `settled` waits until no call is running.
 */
export function recordedTogether<T>(recordAll: (ids: number[]) => Promise<T>) {
  let waiting: { id: number; settle: (answer: Promise<T>) => void }[] = []
  let recording: Promise<unknown> | undefined

  const recordWaiting = () => {
    if (recording || waiting.length === 0) return
    const batch = waiting
    waiting = []
    const answer = recordAll(batch.map(({ id }) => id))
    for (const { settle } of batch) settle(answer)
    recording = answer
      .catch(() => undefined)
      .finally(() => {
        recording = undefined
        recordWaiting()
      })
  }

  return {
    record: (id: number) =>
      new Promise<T>((resolve) => {
        waiting.push({ id, settle: resolve })
        recordWaiting()
      }),
    async settled() {
      while (recording) await recording
    },
  }
}
