import { createHash } from 'node:crypto'
import { createClient } from '@sanity/client'
import type { SanityClient } from '@sanity/client'
import { createImageUrlBuilder } from '@sanity/image-url'
import Fastify from 'fastify'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentRoutes } from './content-routes.ts'
import { createLocalDatasetSource } from './local-dataset.ts'
import { createSeedFixture, makePng } from '../../test/server/seed-fixture.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import { mailCopyQuery } from '../../supabase/functions/_shared/delivery/mail-copy-query.ts'
import type { SeedFixture } from '../../test/server/seed-fixture.ts'

const PROJECT_ID = 'local'
const DATASET = 'production'
const VIEWER_TOKEN = 'local-viewer-token-for-tests'

const png = await makePng(3, 2)
const sha1 = createHash('sha1').update(png).digest('hex')

const anaImage = {
  _type: 'image',
  _sanityAsset: 'image@file://./images/ana.png',
  alt: { pt: 'Foto da Ana', en: 'Photo of Ana' },
  hotspot: { _type: 'sanity.imageHotspot', x: 0.5, y: 0.4, height: 0.5, width: 0.5 },
}

const seedDocuments = [
  {
    _id: 'hero',
    _type: 'hero',
    heading: { pt: 'Avaliações com IA', en: 'AI reviews' },
    headline: { _type: 'experimentLocaleString', default: { pt: 'Publicado', en: 'Published' } },
    image: anaImage,
  },
  {
    _id: 'drafts.hero',
    _type: 'hero',
    heading: { pt: 'Rascunho', en: 'Draft heading' },
    headline: { _type: 'experimentLocaleString', default: { pt: 'Rascunho', en: 'Draft' } },
    image: anaImage,
  },
  // The home page, as the site's own query reads it: its hero's headline published and in a draft.
  ...(['Published', 'Draft'] as const).map((en) => ({
    _id: en === 'Draft' ? 'drafts.homePage' : 'homePage',
    _type: 'page',
    sections: [{ _key: 'hero', _type: 'heroSection', headline: { _type: 'experimentLocaleString', default: { pt: en, en } } }],
  })),
  { _id: 'drafts.newFeature', _type: 'feature', title: { en: 'Only a draft' } },
  { _id: 'feature-1', _type: 'feature', title: { pt: 'Resumo', en: 'Summary' }, order: 2 },
  { _id: 'feature-2', _type: 'feature', title: { pt: 'Metas', en: 'Goals' }, order: 1 },
  { _id: 'sanity-preview-url-secret.abc', _type: 'sanity.previewUrlSecret', secret: 'not for the public' },
]

let fixture: SeedFixture
let app: FastifyInstance
let origin: string
let client: SanityClient
const methods: string[] = []
const asViewer = { authorization: `Bearer ${VIEWER_TOKEN}` }
const queryUrl = (query: string, extra = '') =>
  `${origin}/v2025-02-19/data/query/${DATASET}?query=${encodeURIComponent(query)}${extra}`

beforeAll(async () => {
  fixture = await createSeedFixture()
  await fixture.writeImage('images/ana.png', png)
  await fixture.writeData(seedDocuments)
  const source = createLocalDatasetSource({ seedDir: fixture.dir, projectId: PROJECT_ID, dataset: DATASET })
  app = Fastify()
  app.addHook('onRequest', async (request) => {
    methods.push(`${request.method} ${request.url.split('?')[0]}`)
  })
  await app.register(contentRoutes, {
    getDataset: () => source.get(),
    projectId: PROJECT_ID,
    dataset: DATASET,
    viewerToken: VIEWER_TOKEN,
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('server did not listen on a TCP port')
  origin = `http://127.0.0.1:${address.port}`
  client = makeClient(DATASET)
})

afterAll(async () => {
  await app.close()
  await fixture.cleanup()
})

/** A client with the viewer token, as the server's preview uses it; `null` for the public. */
function makeClient(dataset: string, token: string | null = VIEWER_TOKEN): SanityClient {
  return createClient({
    ...(token ? { token } : {}),
    projectId: PROJECT_ID,
    dataset,
    apiVersion: '2025-02-19',
    useCdn: false,
    apiHost: origin,
    useProjectHostname: false,
  })
}

describe('query endpoint with the real @sanity/client', () => {
  it('evaluates GROQ with $params, including field-level locale lookups', async () => {
    const result = await client.fetch<{ titles: string[]; heading: string }>(
      `{
        "titles": *[_type == $type] | order(order asc).title[$lang],
        "heading": *[_id == "hero"][0].heading[$lang]
      }`,
      { type: 'feature', lang: 'pt' },
    )
    expect(result).toEqual({ titles: ['Metas', 'Resumo'], heading: 'Avaliações com IA' })
  })

  it('returns the response envelope {query, result, ms} with no-cache', async () => {
    const response = await fetch(queryUrl('count(*)'), { headers: asViewer })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const body = (await response.json()) as Record<string, unknown>
    expect(body['query']).toBe('count(*)')
    expect(typeof body['ms']).toBe('number')
    expect(typeof body['result']).toBe('number')
  })

  it('accepts the v1 API version segment', async () => {
    const response = await fetch(
      `${origin}/v1/data/query/${DATASET}?query=${encodeURIComponent('*[_id == "feature-1"][0].order')}`,
      { headers: asViewer },
    )
    expect(response.status).toBe(200)
    expect(((await response.json()) as { result: unknown }).result).toBe(2)
  })

  it('hides drafts by default and overlays them with perspective "drafts"', async () => {
    const query = '*[_type in ["hero", "feature"]] | order(_id asc) {_id, "heading": heading.en, "title": title.en}'
    const published = await client.fetch<{ _id: string; heading?: string; title?: string }[]>(query)
    expect(published.map((doc) => doc._id)).toEqual(['feature-1', 'feature-2', 'hero'])
    expect(published.find((doc) => doc._id === 'hero')?.heading).toBe('AI reviews')

    const drafts = await client.fetch<{ _id: string; heading?: string; title?: string }[]>(query, {}, { perspective: 'drafts' })
    expect(drafts.map((doc) => doc._id)).toEqual(['feature-1', 'feature-2', 'hero', 'newFeature'])
    expect(drafts.find((doc) => doc._id === 'hero')?.heading).toBe('Draft heading')
    expect(drafts.find((doc) => doc._id === 'newFeature')?.title).toBe('Only a draft')

    const raw = await client.fetch<{ _id: string }[]>(query, {}, { perspective: 'raw' })
    expect(raw.map((doc) => doc._id)).toEqual(['drafts.hero', 'drafts.newFeature', 'feature-1', 'feature-2', 'hero'])
  })

  it('answers the site’s own query without a token, as the page sends it, with published documents only', async () => {
    const response = await fetch(
      queryUrl(pageQuery, '&returnQuery=false&perspective=published&lastLiveEventId=abc&%24page=%22homePage%22&%24arms=%5B%5D'),
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      result: { page: { sections: { headline: { en: string } }[] } }
      syncTags: string[]
    }
    expect(body.result.page.sections[0]?.headline.en).toBe('Published')
    expect(body.syncTags.length).toBeGreaterThan(0)
    // The mail's copy, as the edge functions ask for it: no perspective at all.
    expect((await fetch(queryUrl(mailCopyQuery))).status).toBe(200)
  })

  it('refuses any other query without the token with a 403, whatever the perspective, and shows no private document', async () => {
    const anonymous = makeClient(DATASET, null)
    const wrongToken = makeClient(DATASET, 'not-the-viewer-token-at-all')
    const query = '*[_type != "sanity.imageAsset"] | order(_id asc)._id'
    for (const someone of [anonymous, wrongToken]) {
      for (const perspective of ['published', 'drafts', 'raw'] as const) {
        const error: unknown = await someone.fetch(query, {}, { perspective }).catch((err: unknown) => err)
        expect((error as { statusCode?: number }).statusCode).toBe(403)
        expect((error as Error).message).toMatch(/arbitrary queries need the viewer token/)
      }
      // The site's own query, but not as the site sends it.
      for (const perspective of ['drafts', 'raw'] as const) {
        const error: unknown = await someone.fetch(pageQuery, {}, { perspective }).catch((err: unknown) => err)
        expect((error as { statusCode?: number }).statusCode).toBe(403)
      }
      const withParams: unknown = await someone.fetch(pageQuery, { lang: 'en' }).catch((err: unknown) => err)
      expect((withParams as { statusCode?: number }).statusCode).toBe(403)
    }
    const refused = await fetch(queryUrl('count(*)'))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      error: { type: 'queryNotAllowed', description: expect.stringMatching(/need the viewer token/) as unknown },
    })
    expect(await client.fetch<string[]>('*[_type == "sanity.previewUrlSecret"]._id', {}, { perspective: 'raw' })).toEqual([
      'sanity-preview-url-secret.abc',
    ])
  })

  it('answers 4xx before anything runs for a query nested too deeply, a perspective list too long or a body too large', async () => {
    const deep = await fetch(queryUrl(`${'('.repeat(1000)}1${')'.repeat(1000)}`), { headers: asViewer })
    expect(deep.status).toBe(400)
    expect(((await deep.json()) as { error: { type: string } }).error.type).toBe('queryParseError')

    const perspectiveOf = (count: number) =>
      fetch(`${origin}/v2025-02-19/data/query/${DATASET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'count(*)',
          perspective: Array.from({ length: count }, (_, i) => `r${i.toString(36)}`).join(','),
        }),
      })
    const longList = await perspectiveOf(20_000)
    expect(longList.status).toBe(400)
    expect(((await longList.json()) as { error: { type: string } }).error.type).toBe('invalidPerspective')

    // A body larger than any query within its caps is refused before it is read.
    const tooLarge = await perspectiveOf(100_000)
    expect(tooLarge.status).toBe(413)
    expect(((await tooLarge.json()) as { error: { type: string } }).error.type).toBe('requestTooLarge')
  })

  it('dereferences a _sanityAsset image into a sanity.imageAsset', async () => {
    const hero = await client.fetch<{
      alt: string
      asset: { _id: string; url: string; mimeType: string; extension: string; size: number }
      dimensions: { width: number; height: number; aspectRatio: number }
    }>(`*[_id == "hero"][0]{
      "alt": image.alt.en,
      "asset": image.asset->{_id, url, mimeType, extension, size},
      "dimensions": image.asset->metadata.dimensions{width, height, aspectRatio}
    }`)
    expect(hero.alt).toBe('Photo of Ana')
    expect(hero.asset).toEqual({
      _id: `image-${sha1}-3x2-png`,
      url: `/images/${PROJECT_ID}/${DATASET}/${sha1}-3x2.png`,
      mimeType: 'image/png',
      extension: 'png',
      size: png.length,
    })
    expect(hero.dimensions).toEqual({ width: 3, height: 2, aspectRatio: 1.5 })
  })

  it('uses POST for long queries and answers them the same way', async () => {
    const filler = 'x'.repeat(12_000)
    const result = await client.fetch<{ filler: number; heading: string }>(
      '{"filler": length($filler), "heading": *[_id == "hero"][0].heading[$lang]}',
      { filler, lang: 'en' },
      { perspective: 'drafts' },
    )
    expect(result).toEqual({ filler: 12_000, heading: 'Draft heading' })
    expect(methods).toContain(`POST /v2025-02-19/data/query/${DATASET}`)
  })

  it('makes the client throw with the description for bad GROQ', async () => {
    const error: unknown = await client.fetch('*[_type == "hero"').catch((err: unknown) => err)
    expect(error).toBeInstanceOf(Error)
    expect((error as { statusCode?: number }).statusCode).toBe(400)
    expect((error as Error).message).toMatch(/GROQ query parse error/)
    expect((error as Error).message).toMatch(/Unexpected end of query/)
  })

  it('rejects a parameter the query uses but the request lacks', async () => {
    await expect(client.fetch('*[_type == $type]')).rejects.toThrow('param $type referenced, but not provided')
  })

  it('answers 404 for an unknown dataset', async () => {
    const error: unknown = await makeClient('staging')
      .fetch('*')
      .catch((err: unknown) => err)
    expect((error as { statusCode?: number }).statusCode).toBe(404)
    expect((error as Error).message).toContain('Dataset "staging" not found')
  })

  it('answers 400 for a missing query or a $param that is not JSON', async () => {
    const missing = await fetch(`${origin}/v2025-02-19/data/query/${DATASET}`)
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { error: { description: string } }).error.description).toMatch(/"query".*required/)

    const notJson = await fetch(
      `${origin}/v2025-02-19/data/query/${DATASET}?query=${encodeURIComponent('*[_type == $type]')}&%24type=hero`,
    )
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as { error: { description: string } }).error.description).toContain(
      'Unable to parse value of "$type=hero"',
    )
  })

  it('answers POST errors in the API error shape', async () => {
    const post = (body: string) =>
      fetch(`${origin}/v2025-02-19/data/query/${DATASET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
    const notJson = await post('{"query": ')
    expect(notJson.status).toBe(400)
    expect(((await notJson.json()) as { error: { description: string } }).error.description).toMatch(/JSON/)

    const badParams = await post(JSON.stringify({ query: '*', params: [1] }))
    expect(badParams.status).toBe(400)
    expect(((await badParams.json()) as { error: { description: string } }).error.description).toBe(
      '"params" must be a JSON object',
    )
  })
})

describe('image endpoint with the real @sanity/image-url', () => {
  const builder = () => createImageUrlBuilder({ projectId: PROJECT_ID, dataset: DATASET, baseUrl: origin })

  it('serves the exact seed bytes at the URL image-url builds', async () => {
    const image = await client.fetch<{ asset: { _ref: string } }>('*[_id == "hero"][0].image')
    const url = builder().image(image).url()
    expect(url).toBe(`${origin}/images/${PROJECT_ID}/${DATASET}/${sha1}-3x2.png`)

    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true)
  })

  it('transforms as image-url asks: hotspot crop, size, and the format the browser takes', async () => {
    const image = await client.fetch<object>('*[_id == "hero"][0].image')
    const url = builder().image(image).width(2).height(2).fit('crop').auto('format').url()
    expect(url).toMatch(/\?rect=.*&w=2&h=2&fit=crop&auto=format$/)

    const webp = await fetch(url, { headers: { accept: 'image/webp,*/*' } })
    expect(webp.status).toBe(200)
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('vary')).toBe('Accept')
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 2, height: 2 })

    const png = await fetch(url, { headers: { accept: '*/*' } })
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('vary')).toBe('Accept')
    expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 2, height: 2 })

    const jpg = await fetch(builder().image(image).width(1).format('jpg').url())
    expect(jpg.headers.get('content-type')).toBe('image/jpeg')
    expect(jpg.headers.get('vary')).toBeNull()
  })

  it('answers a bad parameter with 400 in the API error shape', async () => {
    const response = await fetch(`${origin}/images/${PROJECT_ID}/${DATASET}/${sha1}-3x2.png?w=wide`)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({
      error: { type: 'invalidParameter', description: 'Invalid "w=wide": expected a whole number from 1 to 4096' },
    })
  })

  it('answers 404 for an unknown file, project or dataset', async () => {
    const known = `${sha1}-3x2.png`
    for (const pathname of [
      `/images/${PROJECT_ID}/${DATASET}/${'0'.repeat(40)}-3x2.png`,
      `/images/other/${DATASET}/${known}`,
      `/images/${PROJECT_ID}/staging/${known}`,
    ]) {
      const response = await fetch(`${origin}${pathname}`)
      expect(response.status, pathname).toBe(404)
      expect(((await response.json()) as { error: { description: string } }).error.description).toMatch(/not found/)
    }
  })
})

describe('seed edits', () => {
  it('are picked up by the next query without a restart, and a broken seed is reported', async () => {
    await expect(client.fetch('*[_id == "feature-1"][0].title.en')).resolves.toBe('Summary')

    const edited = seedDocuments.map((doc) =>
      doc._id === 'feature-1' ? { ...doc, title: { pt: 'Resumo', en: 'Meeting summary' } } : doc,
    )
    await fixture.writeData(edited)
    await expect(client.fetch('*[_id == "feature-1"][0].title.en')).resolves.toBe('Meeting summary')

    await fixture.writeData(`${JSON.stringify(seedDocuments[0])}\n{"_id": "broken",\n`)
    const response = await fetch(queryUrl('count(*)'), { headers: asViewer })
    expect(response.status).toBe(500)
    // What broke (data.ndjson:2) is for the log; the reply says nothing of the server's insides.
    expect(await response.json()).toEqual({
      error: { type: 'serverError', description: 'The content API could not answer this request' },
    })

    await fixture.writeData(seedDocuments)
    await expect(client.fetch('*[_id == "feature-1"][0].title.en')).resolves.toBe('Summary')
  })
})
