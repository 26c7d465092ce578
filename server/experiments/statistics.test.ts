// The experiments' statistics against numbers worked out apart from them: statistics-fixtures.py
// (Python's standard library, the formulas written again from decision 0046, the chi-square tail
// from its closed forms) wrote statistics-fixtures.json; each number must agree to 4 decimals.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compareSequentially, mixtureRho, type ArmCounts } from './sequential-test.ts'
import { MISMATCH_P_VALUE, sampleRatio } from './sample-ratio.ts'
import { DEFAULT_ARM } from '../../schemas/experiments.ts'
import { ALPHA, analyse, MIN_EXPOSURES, type Arm } from './verdict.ts'

interface Fixtures {
  comparisons: {
    control: [number, number]
    variant: [number, number]
    alpha: number
    plannedExposures: number
    rho: number
    difference: number
    low: number
    high: number
    pValue: number
  }[]
  sampleRatios: { exposures: number[]; plannedShares: number[]; chiSquare: number; pValue: number }[]
  peeking: {
    runs: number
    seed: number
    rate: number
    batch: number
    peeks: number
    planned: number
    sequentialFalsePositives: number
    fixedHorizonFalsePositives: number
  }
}

const fixtures = JSON.parse(readFileSync(new URL('./statistics-fixtures.json', import.meta.url), 'utf8')) as Fixtures
const counts = ([exposures, conversions]: [number, number]) => ({ exposures, conversions })

describe('the always-valid comparison', () => {
  it.each(fixtures.comparisons)(
    'control $control against $variant at alpha $alpha, tuned for $plannedExposures, agrees with the fixture to 4 decimals',
    ({ control, variant, alpha, plannedExposures, ...expected }) => {
      const result = compareSequentially(counts(control), counts(variant), { alpha, plannedExposures })
      expect(mixtureRho(alpha, plannedExposures)).toBeCloseTo(expected.rho, 4)
      expect(result.difference).toBeCloseTo(expected.difference, 4)
      expect(result.interval?.[0]).toBeCloseTo(expected.low, 4)
      expect(result.interval?.[1]).toBeCloseTo(expected.high, 4)
      expect(result.pValue).toBeCloseTo(expected.pValue, 4)
    },
  )

  it('rejects exactly where its interval leaves zero', () => {
    for (const { control, variant, alpha, plannedExposures } of fixtures.comparisons) {
      const { interval, pValue } = compareSequentially(counts(control), counts(variant), { alpha, plannedExposures })
      if (!interval) throw new Error('every fixture has an interval')
      expect(pValue < alpha).toBe(interval[0] > 0 || interval[1] < 0)
    }
  })

  it('says nothing without variance: no interval, p = 1', () => {
    expect(
      compareSequentially(
        { exposures: 200, conversions: 0 },
        { exposures: 200, conversions: 0 },
        {
          alpha: 0.05,
          plannedExposures: 5000,
        },
      ),
    ).toEqual({ difference: 0, interval: null, pValue: 1 })
  })
})

describe('the sample-ratio check', () => {
  it.each(fixtures.sampleRatios)('$exposures against $plannedShares agrees with the fixture to 4 decimals', (fixture) => {
    const result = sampleRatio(fixture.exposures, fixture.plannedShares)
    expect(result.chiSquare).toBeCloseTo(fixture.chiSquare, 4)
    expect(result.pValue).toBeCloseTo(fixture.pValue, 4)
    expect(result.mismatch).toBe(fixture.pValue < MISMATCH_P_VALUE)
  })

  it('flags a forced 55/45 split of a 50/50 plan, and blocks the verdict', () => {
    expect(sampleRatio([5500, 4500], [0.5, 0.5]).mismatch).toBe(true)
    const arms: Arm[] = [
      { id: DEFAULT_ARM, exposures: 5500, conversions: 275, plannedShare: 0.5 },
      { id: 'b', exposures: 4500, conversions: 450, plannedShare: 0.5 },
    ]
    expect(analyse(arms, 10_000).verdict).toEqual({ kind: 'mismatch' })
  })

  it('leaves a 50.8/49.2 split of 10,000 alone', () => {
    expect(sampleRatio([5080, 4920], [0.5, 0.5]).mismatch).toBe(false)
  })
})

/** The fixture script's generator (mulberry32), so both draw the same visitors. */
function mulberry32(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('an A/A experiment looked at after every 100 visitors per arm', () => {
  it(`stays under alpha over 1,000 runs of 50 looks, where a fixed-horizon test does not`, () => {
    const { runs, seed, rate, batch, peeks, planned, ...expected } = fixtures.peeking
    const draw = mulberry32(seed)
    let sequential = 0
    let fixed = 0
    for (let run = 0; run < runs; run++) {
      const arms: [ArmCounts, ArmCounts] = [
        { exposures: 0, conversions: 0 },
        { exposures: 0, conversions: 0 },
      ]
      let seenSequential = false
      let seenFixed = false
      for (let peek = 0; peek < peeks; peek++) {
        for (const arm of arms) {
          arm.exposures += batch
          for (let i = 0; i < batch; i++) if (draw() < rate) arm.conversions += 1
        }
        const { difference, interval, pValue } = compareSequentially(arms[0], arms[1], {
          alpha: ALPHA,
          plannedExposures: planned,
        })
        if (!interval) continue
        seenSequential ||= pValue < ALPHA
        const [c, v] = arms.map((arm) => arm.conversions / arm.exposures) as [number, number]
        seenFixed ||=
          Math.abs(difference) / Math.sqrt((c * (1 - c)) / arms[0].exposures + (v * (1 - v)) / arms[1].exposures) >
          1.959963984540054
      }
      if (seenSequential) sequential += 1
      if (seenFixed) fixed += 1
    }
    expect({ sequentialFalsePositives: sequential, fixedHorizonFalsePositives: fixed }).toEqual(expected)
    expect(sequential / runs).toBeLessThan(ALPHA)
    // The same looks with a test that is not built for them: the check above could fail.
    expect(fixed / runs).toBeGreaterThan(ALPHA)
  })
})

describe('the verdict', () => {
  const arm = (id: string, exposures: number, conversions: number, plannedShare = 0.5): Arm => ({
    id,
    exposures,
    conversions,
    plannedShare,
  })

  it(`waits until every arm has ${MIN_EXPOSURES} exposures, however large the difference`, () => {
    const analysis = analyse([arm(DEFAULT_ARM, 99, 1), arm('b', 101, 60)], 200)
    expect(analysis.verdict).toEqual({ kind: 'collecting', exposuresNeeded: 1 })
  })

  it('names the variant that beats the default', () => {
    expect(analyse([arm(DEFAULT_ARM, 2500, 100), arm('b', 2500, 175)], 5000).verdict).toEqual({ kind: 'winner', arm: 'b' })
  })

  it('keeps the default when every variant does worse', () => {
    expect(analyse([arm(DEFAULT_ARM, 2500, 175), arm('b', 2500, 100)], 5000).verdict).toEqual({ kind: 'default-wins' })
  })

  it('says there is no difference yet when the interval holds zero', () => {
    expect(analyse([arm(DEFAULT_ARM, 1000, 50), arm('b', 1000, 55)], 5000).verdict).toEqual({ kind: 'no-difference-yet' })
  })

  it('shares alpha among the variants', () => {
    const three = [arm(DEFAULT_ARM, 1000, 50, 1), arm('b', 1000, 55, 1), arm('c', 1000, 50, 1), arm('d', 1000, 50, 1)]
    expect(analyse(three, 6000).alpha).toBeCloseTo(ALPHA / 3, 10)
  })
})
