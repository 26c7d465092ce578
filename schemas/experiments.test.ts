import { describe, expect, it } from 'vitest'
import { experimentsServed, MAX_ARM_SETS } from './experiments.ts'

const withArms = (id: string, count: number) => ({ id, arms: Array.from({ length: count }, (_, i) => `arm-${i}`) })
const ids = (experiments: { id: string }[]) => experiments.map((experiment) => experiment.id)

describe('the running experiments visitors are assigned in', () => {
  it('takes them, oldest first, up to the bound itself and not past it', () => {
    // 4 × 4 × 4 = 64, the bound: a fourth of only 2 arms would make 128.
    const served = experimentsServed([withArms('a', 4), withArms('b', 4), withArms('c', 4), withArms('d', 2)])
    expect(ids(served)).toEqual(['a', 'b', 'c'])
    expect(served.reduce((combinations, experiment) => combinations * experiment.arms.length, 1)).toBe(MAX_ARM_SETS)
  })

  it('leaves out one that would pass the bound, and still takes a later one that fits', () => {
    // 5 × 5 = 25; a third of 5 would make 125; one of 2 makes 50.
    expect(ids(experimentsServed([withArms('a', 5), withArms('b', 5), withArms('c', 5), withArms('d', 2)]))).toEqual([
      'a',
      'b',
      'd',
    ])
  })

  it('takes at most four, however few their arms', () => {
    expect(experimentsServed(['a', 'b', 'c', 'd', 'e'].map((id) => withArms(id, 2)))).toHaveLength(4)
  })
})
