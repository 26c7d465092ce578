// In front of hosted Supabase the site server counts exposures and reads the experiments' counts over
// PostgREST's /rpc with the secret key (experiment-counts.ts), as it counts page views
// (server/analytics/hosted-counting.integration.test.ts). PostgREST is stood in for by
// test/server/stand-in-postgrest.ts, on a real database of each kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { standInProject, type StandInProject } from '../../test/server/stand-in-postgrest.ts'
import { utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import type { Database } from '../db/database.ts'
import { restExperimentCounts, type ExperimentCounts } from './experiment-counts.ts'

const HOUR = 3_600_000

describe.each(databaseVariants)('experiment counts in front of hosted Supabase, on $name', (variant) => {
  let project: StandInProject
  let db: Database
  let counts: ExperimentCounts

  beforeAll(async () => {
    project = await standInProject(variant, /^experiments_[a-z_]+$/)
    db = project.db
    counts = restExperimentCounts(project)
  }, 60_000)

  afterAll(() => project?.close())

  it('counts exposures per visitor-day (the first arm kept), conversions from the rows, and keeps them past the hashes', async () => {
    const today = utcDay(new Date())
    await db.query(`insert into analytics.salts (day, salt) values ($1, decode('00112233445566778899aabbccddeeff', 'hex'))`, [
      today,
    ])
    const exposure = (visitor: string, arm: string) => ({ day: today, visitor, experiment_id: 'experiment-hosted', arm })
    const a = '0'.repeat(32)
    const b = '1'.repeat(32)
    expect(await counts.countExposures([exposure(a, 'default'), exposure(b, 'b')])).toBe(2)
    // The same visitor-day again, even under another arm, is no new exposure.
    expect(await counts.countExposures([exposure(a, 'b')])).toBe(0)
    await db.queryAsAnon(
      `insert into public.waitlist (email, role, company_size, experiment_arms) values ('ana@empresa.example', 'Gestora', 'unknown', '{experiment-hosted:b}')`,
    )
    const expected = {
      'experiment-hosted': {
        default: { exposures: 1, signups: 0, confirmations: 0 },
        b: { exposures: 1, signups: 1, confirmations: 0 },
      },
    }
    expect(await counts.totals(['experiment-hosted', 'experiment-none'])).toEqual(expected)
    expect(await counts.sweep(new Date(Date.now() + 73 * HOUR), 25)).toEqual({ exposures_rolled_up: 2, aggregates_deleted: 0 })
    expect(await counts.totals(['experiment-hosted'])).toEqual(expected)
  })

  it('answers no one without the secret key', async () => {
    const stranger = restExperimentCounts({ url: project.url, secretKey: 'sb_publishable_not-the-secret' })
    await expect(stranger.totals(['experiment-hosted'])).rejects.toThrow(/401/)
  })
})
