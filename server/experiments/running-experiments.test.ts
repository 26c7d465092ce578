import { describe, expect, it } from 'vitest'
import { runningExperiments } from './running-experiments.ts'

const stored = (_id: string, variants: string[]) => ({ _id, split: null, variants })

describe('the experiments the server assigns visitors in', () => {
  it('are the running ones, oldest first, with an even split when none fits', async () => {
    const running = await runningExperiments(async () => [stored('experiment-1', ['b'])])()
    expect(running).toEqual([
      {
        id: 'experiment-1',
        arms: [
          { id: 'default', share: 50 },
          { id: 'b', share: 50 },
        ],
      },
    ])
  })

  it('leave out one whose arms would pass 64 combinations: it runs, nobody is assigned in it', async () => {
    const fiveArms = ['b', 'c', 'd', 'e']
    const running = await runningExperiments(async () => [
      stored('experiment-1', fiveArms),
      stored('experiment-2', fiveArms),
      stored('experiment-3', fiveArms),
    ])()
    expect(running.map((experiment) => experiment.id)).toEqual(['experiment-1', 'experiment-2'])
  })
})
