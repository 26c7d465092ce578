import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { stegaClean } from '@sanity/client/stega'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createPreviewClient, createPublishedClient } from '../site/page-content.ts'

/**
 * A stand-in for the Content Lake's query endpoint that answers with a result source map
 * whenever one is asked for, as the real one does, and records each request.
 */
const requests: { url: URL; authorization: string | undefined }[] = []
const result = { headline: { en: 'Reviews from real work' }, stat: { value: '90%' } }
const resultSourceMap = {
  documents: [
    { _id: 'drafts.hero', _type: 'hero' },
    { _id: 'stat-1', _type: 'statistic' },
  ],
  paths: ["$['headline']['en']", "$['value']"],
  mappings: {
    "$['headline']['en']": { source: { document: 0, path: 0, type: 'documentValue' }, type: 'value' },
    "$['stat']['value']": { source: { document: 1, path: 1, type: 'documentValue' }, type: 'value' },
  },
}

const lake = createServer((request: IncomingMessage, response) => {
  const url = new URL(request.url ?? '/', 'http://lake')
  requests.push({ url, authorization: request.headers.authorization })
  const withMap = url.searchParams.has('resultSourceMap')
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ query: '', result, ms: 1, ...(withMap ? { resultSourceMap } : {}) }))
})
let apiHost: string

beforeAll(async () => {
  await new Promise<void>((resolve) => lake.listen(0, '127.0.0.1', resolve))
  apiHost = `http://127.0.0.1:${(lake.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => lake.close(resolve)))

const { sanity } = loadConfig({
  SANITY_PROJECT_ID: 'abc123',
  SANITY_VIEWER_TOKEN: 'sk-viewer-token-for-tests-only',
  SANITY_STUDIO_URL: 'https://pulso.sanity.studio',
})
const atLake = <T extends { withConfig: (config: object) => T }>(client: T) =>
  client.withConfig({ apiHost, useProjectHostname: false })

describe('stega: on in the editor’s preview, off for visitors', () => {
  it('preview: drafts with the viewer token, copy carries its source, values stay exact', async () => {
    requests.length = 0
    const content = await atLake(createPreviewClient(sanity, 'sk-viewer-token-for-tests-only')).fetch<typeof result>('*')
    const [request] = requests
    expect(request?.url.searchParams.get('perspective')).toBe('drafts')
    expect(request?.url.searchParams.get('resultSourceMap')).toBe('withKeyArraySelector')
    expect(request?.authorization).toBe('Bearer sk-viewer-token-for-tests-only')

    expect(content.headline.en).not.toBe('Reviews from real work')
    expect(stegaClean(content.headline.en)).toBe('Reviews from real work')
    expect(content.stat.value).toBe('90%')
  })

  it('visitors: published, no token, no source map, plain text', async () => {
    requests.length = 0
    const content = await atLake(createPublishedClient(sanity)).fetch<typeof result>('*')
    const [request] = requests
    expect(request?.url.searchParams.get('perspective')).toBe('published')
    expect(request?.url.searchParams.has('resultSourceMap')).toBe(false)
    expect(request?.authorization).toBeUndefined()
    expect(content).toEqual(result)
  })
})
