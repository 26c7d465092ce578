// A collection asked for by hand is one of the young generation, the cheap kind, and runs at once.
// What it gives back is measured by the benchmark (docs/benchmarks.md, runs U), not here.
import { GCProfiler } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { collectYoungGeneration } from './young-collection.ts'

describe('collectYoungGeneration', () => {
  it('runs one collection of the young generation before it returns, and no full one', () => {
    const profiler = new GCProfiler()
    profiler.start()
    collectYoungGeneration()
    const collections = profiler.stop()?.statistics.map((collection) => collection.gcType)
    expect(collections).toEqual(['Scavenge'])
  })
})
