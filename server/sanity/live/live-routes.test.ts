import { createClient, type LiveEvent, type SanityClient } from '@sanity/client'
import Fastify, { type FastifyInstance } from 'fastify'
import { firstValueFrom, filter, take, toArray, type Observable } from 'rxjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentRoutes } from '../content-routes.ts'
import { liveRoutes } from './live-routes.ts'
import { createLocalDatasetSource } from '../local-dataset.ts'
import { watchSeedChanges, type ContentChanges } from '../seed-changes.ts'
import { createSeedFixture, type SeedFixture } from '../../../test/server/seed-fixture.ts'

const PROJECT_ID = 'local'
const DATASET = 'production'
const heroQuery = `*[_type == "hero"][0].headline.en`
const hero = (headline: string) => ({ _id: 'hero', _type: 'hero', headline: { pt: 'Olá', en: headline } })
/** The watcher's log: quiet, except that a test can wait for its next warning. */
let nextWarning: ((message: string) => void) | undefined
const log = { info: () => undefined, warn: (message: string) => nextWarning?.(message) }

let fixture: SeedFixture
let app: FastifyInstance
let changes: ContentChanges
let client: SanityClient

beforeAll(async () => {
  fixture = await createSeedFixture()
  await fixture.writeData([hero('First headline')])
  const source = createLocalDatasetSource({ seedDir: fixture.dir, projectId: PROJECT_ID, dataset: DATASET })
  changes = watchSeedChanges({ source, seedDir: fixture.dir, settleMs: 20, log })
  app = Fastify()
  // Queries other than the site's own need the viewer token.
  const viewerToken = 'local-viewer-token-for-tests'
  await app.register(contentRoutes, { getDataset: () => source.get(), projectId: PROJECT_ID, dataset: DATASET, viewerToken })
  await app.register(liveRoutes, { changes, dataset: DATASET })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('server did not listen on a TCP port')
  client = createClient({
    token: viewerToken,
    projectId: PROJECT_ID,
    dataset: DATASET,
    apiVersion: '2025-02-19',
    useCdn: false,
    apiHost: `http://127.0.0.1:${address.port}`,
    useProjectHostname: false,
  })
})

afterAll(async () => {
  changes.close()
  await app.close()
  await fixture.cleanup()
})

const messages = (events: Observable<LiveEvent>) => events.pipe(filter((event) => event.type === 'message'))

describe('live events with the real @sanity/client', () => {
  it('announces a seed edit with the sync tag the query carried, and the next query sees the edit', async () => {
    const { result, syncTags } = await client.fetch<string>(heroQuery, {}, { filterResponse: false })
    expect(result).toBe('First headline')
    expect(syncTags).toHaveLength(1)

    const events = client.live.events()
    const next = firstValueFrom(messages(events))
    expect(await firstValueFrom(events)).toMatchObject({ type: 'welcome' })
    await fixture.writeData([hero('Edited headline')])

    const message = await next
    expect(message).toMatchObject({ type: 'message', tags: syncTags })
    expect(message.id).toBe(changes.currentVersion())
    expect(await client.fetch(heroQuery, {}, { lastLiveEventId: message.id })).toBe('Edited headline')
  })

  it('tells a page that reconnects after missing a change to refetch', async () => {
    const response = await fetch(`${client.config().apiHost}/v2025-02-19/data/live/events/${DATASET}`, {
      headers: { 'last-event-id': 'an-older-version' },
    })
    const reader = response.body?.getReader()
    if (!reader) throw new Error('no stream')
    let text = ''
    const decoder = new TextDecoder()
    while (!text.includes('event: restart')) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value)
    }
    await reader.cancel()
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(text).toMatch(/^event: welcome\ndata: \{\}\n\nevent: restart\n/)
  })

  it('announces nothing for an edit that breaks the seed, then the fix', async () => {
    const events = client.live.events()
    const firstMessage = firstValueFrom(messages(events).pipe(take(1), toArray()))
    await firstValueFrom(events)
    const refused = new Promise<string>((resolve) => (nextWarning = resolve))
    await fixture.writeData('{ not json')
    // The watcher has read the broken seed (and announced nothing) before the fix is written.
    expect(await refused).toMatch(/^Seed edit not published/)
    nextWarning = undefined
    await fixture.writeData([hero('Fixed headline')])
    const [message] = await firstMessage
    expect(message?.id).toBe(changes.currentVersion())
    expect(await client.fetch(heroQuery)).toBe('Fixed headline')
  })

  it('answers 404 for another dataset', async () => {
    const response = await fetch(`${client.config().apiHost}/v2025-02-19/data/live/events/staging`)
    expect(response.status).toBe(404)
  })
})
