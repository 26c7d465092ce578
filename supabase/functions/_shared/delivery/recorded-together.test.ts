import { describe, expect, it, vi } from 'vitest'
import { recordedTogether } from './recorded-together.ts'

/** A record held until the test lets it answer. */
function heldRecord() {
  const answers: ((recorded: Set<number> | Error) => void)[] = []
  const recordAll = vi.fn(
    (_ids: number[]) =>
      new Promise<Set<number>>((resolve, reject) => {
        answers.push((recorded) => (recorded instanceof Error ? reject(recorded) : resolve(recorded)))
      }),
  )
  const answer = (index: number, recorded: Set<number> | Error) => answers[index]!(recorded)
  return { recordAll, answer }
}

/** Whether `id` was among the ids its call recorded. */
const recordedIn = (id: number, answer: Promise<Set<number>>) => answer.then((ids) => ids.has(id))

describe('recordedTogether', () => {
  it('records an id asking alone at once', async () => {
    const recordAll = vi.fn(async (ids: number[]) => new Set(ids))
    const { record } = recordedTogether(recordAll)
    expect(await recordedIn(7, record(7))).toBe(true)
    expect(recordAll).toHaveBeenCalledExactlyOnceWith([7])
  })

  it('records every id that asked while a call ran in the next one, each given its call’s answer', async () => {
    const { recordAll, answer } = heldRecord()
    const { record } = recordedTogether(recordAll)
    const first = recordedIn(1, record(1))
    const others = [2, 3, 4].map((id) => recordedIn(id, record(id)))
    expect(recordAll.mock.calls).toEqual([[[1]]])
    answer(0, new Set([1]))
    expect(await first).toBe(true)
    await vi.waitFor(() => expect(recordAll).toHaveBeenCalledTimes(2))
    expect(recordAll.mock.calls[1]).toEqual([[2, 3, 4]])
    // Another sender recorded 3 first: it must not be sent.
    answer(1, new Set([2, 4]))
    expect(await Promise.all(others)).toEqual([true, false, true])
  })

  it('fails the ids of a call that failed, and still records those that asked meanwhile', async () => {
    const { recordAll, answer } = heldRecord()
    const { record } = recordedTogether(recordAll)
    const failing = record(1)
    const later = [2, 3].map((id) => recordedIn(id, record(id)))
    answer(0, new Error('connection lost'))
    await expect(failing).rejects.toThrow('connection lost')
    await vi.waitFor(() => expect(recordAll).toHaveBeenCalledTimes(2))
    answer(1, new Set([2, 3]))
    expect(await Promise.all(later)).toEqual([true, true])
    expect(recordAll.mock.calls.map(([ids]) => ids)).toEqual([[1], [2, 3]])
  })

  it('is settled only once no call runs, the calls taken up meanwhile included', async () => {
    const { recordAll, answer } = heldRecord()
    const together = recordedTogether(recordAll)
    void together.record(1)
    void together.record(2)
    let settled = false
    const settling = together.settled().then(() => (settled = true))
    answer(0, new Set([1]))
    await vi.waitFor(() => expect(recordAll).toHaveBeenCalledTimes(2))
    expect(settled).toBe(false)
    answer(1, new Set([2]))
    await settling
    expect(settled).toBe(true)
  })
})
