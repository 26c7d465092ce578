import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyInstance } from 'fastify'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { contentRoutes } from '../sanity/content-routes.ts'
import { createLocalDatasetSource } from '../sanity/local-dataset.ts'
import { createPreview } from './preview.ts'
import { previewRoutes } from './preview-routes.ts'

/** The real seed plus what an editor's Studio would have added: a draft and preview secrets. */
const SECRET = 'a-secret-the-studio-stored'
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const DRAFT_HEADLINE = { _type: 'localeString', pt: 'Rascunho da manchete', en: 'Draft headline, not yet published' }
const studioDocuments = [
  {
    _id: 'sanity-preview-url-secret.fresh',
    _type: 'sanity.previewUrlSecret',
    secret: SECRET,
    source: 'sanity/presentation',
    studioUrl: 'http://localhost:3333',
    _updatedAt: minutesAgo(1),
  },
  {
    _id: 'sanity-preview-url-secret.old',
    _type: 'sanity.previewUrlSecret',
    secret: 'a-secret-from-two-hours-ago',
    studioUrl: 'http://localhost:3333',
    _updatedAt: minutesAgo(120),
  },
]

let dir: string
let app: FastifyInstance
let origin: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pulso-preview-'))
  await cp(join(import.meta.dirname, '../../studio/seed'), dir, { recursive: true })
  const seed = await readFile(join(dir, 'data.ndjson'), 'utf8')
  await writeFile(
    join(dir, 'data.ndjson'),
    `${seed.trimEnd()}\n${[homePageDraft(seed), ...studioDocuments].map((doc) => JSON.stringify(doc)).join('\n')}\n`,
  )
  const config = loadConfig({ SEED_DIR: dir })
  const source = createLocalDatasetSource({ seedDir: dir, projectId: 'local', dataset: 'production' })
  app = Fastify()
  await app.register(fastifyCookie)
  await app.register(contentRoutes, {
    getDataset: () => source.get(),
    projectId: 'local',
    dataset: 'production',
    ...(config.sanity.viewerToken ? { viewerToken: config.sanity.viewerToken } : {}),
  })
  await app.register(previewRoutes, {
    preview: createPreview(
      config,
      source,
      () => origin,
      () => undefined,
    ),
    siteUrl: config.siteUrl,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP')
  origin = `http://127.0.0.1:${address.port}`
})

afterAll(async () => {
  await app.close()
  await rm(dir, { recursive: true, force: true })
})

/** The seed's home page as an editor's unpublished draft: its hero with another headline. */
function homePageDraft(seed: string) {
  const home = JSON.parse(seed.split('\n').find((line) => line.startsWith('{"_id":"homePage"')) ?? '{}') as {
    sections: { _type: string; headline?: unknown }[]
  }
  const sections = home.sections.map((section) =>
    section._type === 'heroSection'
      ? { ...section, headline: { _type: 'experimentLocaleString', default: DRAFT_HEADLINE } }
      : section,
  )
  return { ...home, _id: 'drafts.homePage', sections }
}

const enable = (query: string) => fetch(`${origin}/api/preview/enable?${query}`, { redirect: 'manual' })
const previewContent = (cookie?: string) =>
  fetch(`${origin}/api/preview/content?page=homePage`, { headers: cookie ? { cookie } : {} })
const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? ''

describe('draft preview, with the Studio’s secret checked by @sanity/preview-url-secret', () => {
  it('lets a browser with the Studio’s secret see drafts, on the page Presentation asked for', async () => {
    const response = await enable(
      `sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2Fen&sanity-preview-perspective=drafts`,
    )
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/en?sanity-preview-perspective=drafts')
    const [cookie, ...attributes] = (response.headers.get('set-cookie') ?? '').split('; ')
    expect(cookie).toMatch(/^pulso_preview=\d+\.[\w+/]+$/)
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=3600', 'Path=/', 'SameSite=None', 'Secure'])

    const drafts = await previewContent(cookieOf(response))
    expect(drafts.status).toBe(200)
    expect(drafts.headers.get('cache-control')).toBe('private, no-store')
    const body = (await drafts.json()) as {
      result: { page: { sections: { _type: string; headline?: { en: string } }[] } }
      syncTags: string[]
    }
    const hero = body.result.page.sections.find((section) => section._type === 'heroSection')
    expect(hero?.headline?.en).toBe('Draft headline, not yet published')
    expect(body.syncTags).toHaveLength(1)
  })

  it.each([
    ['no secret', ''],
    ['an unknown secret', 'sanity-preview-secret=guessed-secret'],
    ['a secret older than an hour', 'sanity-preview-secret=a-secret-from-two-hours-ago'],
  ])('refuses %s, and gives no cookie', async (_, query) => {
    const response = await enable(query)
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await response.text()).toMatch(/invalid or has expired.*Presentation tool/)
  })

  it('never redirects off the site', async () => {
    const response = await enable(
      `sanity-preview-secret=${SECRET}&sanity-preview-pathname=${encodeURIComponent('//evil.example/x')}`,
    )
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).not.toMatch(/evil/)
  })

  it('sends every disable link to a page of the site, and never answers 5xx, whatever its redirect', async () => {
    const targets = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('//evil.example', '/\\evil.example', '/\t/evil.example', '/\r\n/evil', 'javascript:alert(1)', '/☃'),
      fc.string({ unit: 'binary', maxLength: 4000 }).map((rest) => `/${rest}`),
    )
    await fc.assert(
      fc.asyncProperty(targets, async (target) => {
        const response = await fetch(`${origin}/api/preview/disable?redirect=${encodeURIComponent(target)}`, {
          redirect: 'manual',
        })
        expect(response.status).toBe(307)
        const location = response.headers.get('location') ?? ''
        expect(location).toMatch(/^\/(?![/\\])/)
        expect(new URL(location, origin).origin).toBe(origin)
      }),
      { numRuns: 200 },
    )
  })

  it('answers every enable link with the cookie and a page of the site, or a 401, whatever its parameters', async () => {
    const parameters = fc.record({
      secret: fc.oneof(fc.constant(SECRET), fc.string({ unit: 'binary' })),
      pathname: fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('//evil.example', '/\t/evil.example', '/en')),
      extra: fc.string({ unit: 'binary' }),
    })
    await fc.assert(
      fc.asyncProperty(parameters, async ({ secret, pathname, extra }) => {
        const response = await enable(
          `sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(pathname)}&${encodeURIComponent(extra)}`,
        )
        expect([307, 401]).toContain(response.status)
        if (response.status === 307) expect(new URL(response.headers.get('location') ?? '', origin).origin).toBe(origin)
      }),
      { numRuns: 100 },
    )
  })

  it('shows drafts to nobody without a valid cookie, and disabling clears it', async () => {
    expect((await previewContent()).status).toBe(401)
    expect((await previewContent('pulso_preview=9999999999999.forged')).status).toBe(401)
    const response = await fetch(`${origin}/api/preview/disable?redirect=%2Fen`, { redirect: 'manual' })
    expect(response.headers.get('location')).toBe('/en')
    expect(response.headers.get('set-cookie')).toMatch(/^pulso_preview=; .*Max-Age=0/)
  })

  it('keeps the secrets themselves out of the public content API', async () => {
    const query = encodeURIComponent('*[_type == "sanity.previewUrlSecret"]')
    const response = await fetch(`${origin}/v2025-02-19/data/query/production?query=${query}&perspective=raw`)
    // Not the site's own query: refused outright without the token.
    expect(response.status).toBe(403)
    expect(await response.text()).not.toMatch(/secret"\s*:/)
  })
})

describe('a hosted project without a viewer token', () => {
  it('has no preview, and says what to set', async () => {
    const hosted = Fastify()
    await hosted.register(fastifyCookie)
    await hosted.register(previewRoutes, {
      preview: createPreview(
        loadConfig({ SANITY_PROJECT_ID: 'abc123' }),
        undefined,
        () => '',
        () => undefined,
      ),
      siteUrl: 'https://pulso.example',
    })
    const response = await hosted.inject({ url: `/api/preview/enable?sanity-preview-secret=${SECRET}` })
    expect(response.statusCode).toBe(503)
    expect(response.body).toMatch(/SANITY_VIEWER_TOKEN/)
  })
})
