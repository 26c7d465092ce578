// The Launch tool's list of content problems against the real server: a wrong value written through the
// content API as the Studio writes is listed with its document's address in the Studio, and leaves
// the list once it is fixed (docs/decisions/0062-content-parsed-where-it-enters.md).
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/server/test-server.ts'
import { launchCookie } from '../../test/server/launch-session.ts'

const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
const STUDIO = 'https://pulso.sanity.studio'

describe('GET /api/launch/content-problems', () => {
  let seedDir: string
  let server: TestServer
  let cookie: string

  beforeAll(async () => {
    seedDir = await mkdtemp(join(tmpdir(), 'pulso-content-problems-'))
    await cp(resolve('studio/seed'), seedDir, { recursive: true })
    server = await startTestServer({
      SEED_DIR: seedDir,
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-tests',
      SANITY_STUDIO_URL: STUDIO,
    })
    cookie = await launchCookie(server.url, EDITOR_TOKEN, { studioOrigin: STUDIO })
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await rm(seedDir, { recursive: true, force: true })
  })

  /** A patch of public documents, as the Studio writes it with its user's session. */
  async function mutate(mutation: Record<string, unknown>) {
    const response = await fetch(`${server.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { authorization: `Bearer ${EDITOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mutations: [mutation] }),
    })
    expect(response.status).toBe(200)
  }
  const patch = (id: string, set: Record<string, unknown>) => mutate({ patch: { id, set } })

  /** The home page with its hero section's old-way points set, saved whole as the Studio saves an array's item. */
  async function setHeroPoints(points: unknown) {
    const lines = (await readFile(join(seedDir, 'data.ndjson'), 'utf8')).split('\n')
    const home = JSON.parse(lines.find((line) => line.startsWith('{"_id":"homePage"')) ?? '{}') as {
      sections: { _key: string; oldWayPoints?: unknown }[]
    }
    const hero = home.sections.find((section) => section._key === 'hero')
    if (!hero) throw new Error('the seed’s home page has no hero section')
    hero.oldWayPoints = points
    await mutate({ createOrReplace: home })
  }

  const problems = async (headers: Record<string, string> = { cookie }) => {
    const response = await fetch(`${server.url}/api/launch/content-problems`, { headers })
    return { status: response.status, body: (await response.json()) as { problems?: unknown[] } }
  }

  it('answers only the tool’s credential', async () => {
    expect((await problems({})).status).toBe(401)
  })

  it('lists none for the seed, each wrong value once written, and none again once fixed', async () => {
    expect(await problems()).toEqual({ status: 200, body: { problems: [] } })

    await setHeroPoints('a text where a list goes')
    await patch('siteSettings', { brandName: { pt: 'Pulso' } })
    await patch('statistic-accuracy', { value: { pt: [1] } })
    const listed = (await problems()).body.problems
    expect(listed).toEqual(
      expect.arrayContaining([
        {
          document: { type: 'page', id: 'homePage' },
          field: 'sections[_key=="hero"].oldWayPoints',
          expected: 'array',
          studioUrl: `${STUDIO}/intent/edit/id=homePage;type=page;path=sections`,
        },
        // Read by the page, the sign-up pages and the mail: one problem.
        {
          document: { type: 'siteSettings', id: 'siteSettings' },
          field: 'brandName',
          expected: 'string',
          studioUrl: `${STUDIO}/intent/edit/id=siteSettings;type=siteSettings;path=brandName`,
        },
        // Shown through the home page's results, but the statistic's own document is the one to fix.
        {
          document: { type: 'statistic', id: 'statistic-accuracy' },
          field: 'value',
          expected: 'string',
          studioUrl: `${STUDIO}/intent/edit/id=statistic-accuracy;type=statistic;path=value`,
        },
      ]),
    )
    expect(listed).toHaveLength(3)

    await setHeroPoints([])
    await patch('siteSettings', { brandName: 'Pulso' })
    await patch('statistic-accuracy', { value: '3x' })
    expect(await problems()).toEqual({ status: 200, body: { problems: [] } })
  })
})
