// In front of hosted Supabase the site server counts exposures and reads the experiments' counts over
// PostgREST's /rpc with the secret key (experiment-counts.ts), as it counts page views
// (server/analytics/hosted-counting.integration.test.ts), while the browser inserts its sign-up
// straight into PostgREST, whose request headers (Cloudflare's address first) are all the database
// knows of it: the arm comes from them, never from the row (docs/decisions/0064). PostgREST is stood
// in for by test/server/stand-in-postgrest.ts and by the settings it makes, on a real database of each kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { standInProject, type StandInProject } from '../../test/server/stand-in-postgrest.ts'
import { utcDay } from '../../supabase/functions/_shared/analytics/visitor-id.ts'
import type { Database } from '../db/database.ts'
import { restExperimentCounts, type ExperimentCounts } from './experiment-counts.ts'
import { experimentVisitor } from './experiment-visitor.ts'

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

  it('counts exposures per client a day, conversions from the sign-up’s own request, and keeps them past the hashes', async () => {
    const today = utcDay(new Date())
    const salt = '00112233445566778899aabbccddeeff'
    await db.query(`insert into analytics.salts (day, salt) values ($1, decode($2, 'hex'))`, [today, salt])
    const chrome =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
    const exposure = (client: string, userAgent: string, arm: string) => ({
      day: today,
      ...experimentVisitor(salt, client, userAgent),
      experiment_id: 'experiment-hosted',
      arm,
    })
    const ana = exposure('203.0.113.7', chrome, 'b')
    const bruno = exposure('2001:db8:1:2::/64', chrome, 'default')
    expect(await counts.countExposures([ana, bruno], [])).toEqual({ counted: 2, over_bound: 0 })
    // Ana's visitor-day again, even under another arm, is no new exposure; another browser of her address is over the bound.
    expect(await counts.countExposures([{ ...ana, arm: 'default' }, exposure('203.0.113.7', 'curl/8.5.0', 'b')], [])).toEqual({
      counted: 0,
      over_bound: 1,
    })
    // Her browser's insert, as PostgREST runs it: the anon role, and the request's headers as Supabase's gateway sends them.
    await db.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'anon', true), set_config('request.method', 'POST', true),
                set_config('request.path', '/waitlist', true), set_config('request.headers', $1, true)`,
        [
          JSON.stringify({
            'cf-connecting-ip': '203.0.113.7',
            'x-forwarded-for': '203.0.113.7, 172.70.1.1',
            'user-agent': chrome,
            origin: 'https://pulso.example',
          }),
        ],
      )
      await tx.query(
        `insert into public.waitlist (email, role, company_size, experiment_arms) values ('ana@empresa.example', 'Gestora', 'unknown', '{experiment-hosted:default}')`,
      )
    })
    const expected = {
      'experiment-hosted': {
        arms: {
          default: { exposures: 1, signups: 0, confirmations: 0 },
          b: { exposures: 1, signups: 1, confirmations: 0 },
        },
        over_bound: { exposures: 1, signups: 0 },
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
