import { pino } from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExperimentCounts, Exposure, OverBoundViews } from './experiment-counts.ts'
import { createExposureLog, type ExposureLog } from './exposure-log.ts'

/** A stand-in for the database's functions, every write recorded. */
function fakeCounts() {
  const writes: { exposures: Exposure[]; overBound: OverBoundViews[] }[] = []
  const counts: ExperimentCounts = {
    countExposures: async (exposures, overBound) => {
      writes.push({ exposures, overBound })
      return { counted: exposures.length, over_bound: 0 }
    },
    sweep: async () => ({ exposures_rolled_up: 0, aggregates_deleted: 0 }),
    totals: async () => ({}),
  }
  return { counts, writes }
}

const day = '2026-11-25'
const shown = (client: string, visitor: string, arm = 'b'): Exposure[] => [
  { day, client, visitor, experiment_id: 'experiment-headline', arm },
  { day, client, visitor, experiment_id: 'experiment-button', arm: 'default' },
]

let log: ExposureLog | undefined
afterEach(async () => {
  await log?.close()
  log = undefined
})

function start(maxHits = 1000) {
  const { counts, writes } = fakeCounts()
  log = createExposureLog({
    counts,
    log: pino({ level: 'silent' }),
    clock: () => new Date(`${day}T12:00:00Z`),
    retentionMonths: 25,
    perClient: { maxHits, perSeconds: 60 },
  })
  return { log, writes }
}

describe('createExposureLog', () => {
  it('writes a client’s first visitor once, and its other visitors as views over the bound, never as visitors', async () => {
    const { log, writes } = start()
    log.add('203.0.113.7', shown('c1', 'ana'))
    log.add('203.0.113.7', shown('c1', 'ana'))
    log.add('203.0.113.7', shown('c1', 'made-up-1', 'default'))
    log.add('203.0.113.7', shown('c1', 'made-up-2'))
    log.add('198.51.100.1', shown('c2', 'bruno'))
    await log.flush()
    expect(writes).toHaveLength(1)
    expect(writes[0]?.exposures.map(({ client, visitor, experiment_id }) => `${client} ${visitor} ${experiment_id}`)).toEqual([
      'c1 ana experiment-headline',
      'c1 ana experiment-button',
      'c2 bruno experiment-headline',
      'c2 bruno experiment-button',
    ])
    expect(writes[0]?.overBound).toEqual([
      { day, experiment_id: 'experiment-headline', exposures: 2 },
      { day, experiment_id: 'experiment-button', exposures: 2 },
    ])
  })

  it('counts the views of a client past its per-client limit over the bound, its own visitor’s too', async () => {
    const { log, writes } = start(3)
    for (let n = 0; n < 10; n++) log.add('203.0.113.7', shown('c1', 'ana'))
    await log.flush()
    expect(writes[0]?.exposures).toHaveLength(2)
    expect(writes[0]?.overBound.map(({ exposures }) => exposures)).toEqual([7, 7])
  })

  it('writes nothing when nothing was shown', async () => {
    const { log, writes } = start()
    log.add('203.0.113.7', [])
    await log.flush()
    expect(writes).toEqual([])
  })
})
