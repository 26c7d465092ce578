import { describe, expect, it, vi } from 'vitest'
import { recordedTogether } from './recorded-together.ts'

/** A record held until the test lets it answer. */
function heldRecord() {
  const answers: ((recorded: Set<number> | Error) => void)[] = []
  const record = vi.fn(
    (_ids: number[]) =>
      new Promise<Set<number>>((resolve, reject) => {
        answers.push((recorded) => (recorded instanceof Error ? reject(recorded) : resolve(recorded)))
      }),
  )
  const answer = (index: number, recorded: Set<number> | Error) => answers[index]!(recorded)
  return { record, answer }
}

describe('recordedTogether', () => {
  it('records a message asking alone at once', async () => {
    const record = vi.fn(async (ids: number[]) => new Set(ids))
    const recordOne = recordedTogether(record)
    expect(await recordOne(7)).toBe(true)
    expect(record).toHaveBeenCalledExactlyOnceWith([7])
  })

  it('records every message that asked while a record ran in the next one, each told whether it was recorded', async () => {
    const { record, answer } = heldRecord()
    const recordOne = recordedTogether(record)
    const first = recordOne(1)
    const others = [recordOne(2), recordOne(3), recordOne(4)]
    expect(record.mock.calls).toEqual([[[1]]])
    answer(0, new Set([1]))
    expect(await first).toBe(true)
    await vi.waitFor(() => expect(record).toHaveBeenCalledTimes(2))
    expect(record.mock.calls[1]).toEqual([[2, 3, 4]])
    // Another sender recorded 3 first: it must not be sent.
    answer(1, new Set([2, 4]))
    expect(await Promise.all(others)).toEqual([true, false, true])
  })

  it('fails the messages of a record that failed, and still records those that asked meanwhile', async () => {
    const { record, answer } = heldRecord()
    const recordOne = recordedTogether(record)
    const failing = recordOne(1)
    const later = [recordOne(2), recordOne(3)]
    answer(0, new Error('connection lost'))
    await expect(failing).rejects.toThrow('connection lost')
    await vi.waitFor(() => expect(record).toHaveBeenCalledTimes(2))
    answer(1, new Set([2, 3]))
    expect(await Promise.all(later)).toEqual([true, true])
    expect(record.mock.calls.map(([ids]) => ids)).toEqual([[1], [2, 3]])
  })
})
