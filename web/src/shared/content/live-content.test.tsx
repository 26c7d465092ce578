import { beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import type { PageContent } from './page-copy.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { sectionOf } from '../../../../test/web/content-fixtures.ts'
import { queryResult, serveContent, serveLiveEvents, SYNC_TAG } from '../../../../test/web/network.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})

function edited(headline: string): PageContent {
  const content = structuredClone(seed)
  sectionOf(content, 'hero').headline = { _type: 'localeString', pt: 'Manchete nova', en: headline }
  return content
}

describe('the live stream and the first fetch', () => {
  it('fetches only once the stream listens, so nothing published before is missed', async () => {
    let listening = false
    const live = serveLiveEvents().then((publish) => {
      listening = true
      return publish
    })
    const listeningAtFirstRequest: boolean[] = []
    serveContent(() => {
      listeningAtFirstRequest.push(listening)
      return queryResult(seed)
    })
    renderApp({ path: '/en', initialContent: seed })
    await live
    await waitFor(() => expect(listeningAtFirstRequest).toEqual([true]))
  })

  it('brings in an edit announced while the first fetch is under way', async () => {
    let answerFirst!: () => void
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve
    })
    const requests = serveContent(async () => {
      await firstAnswered
      return queryResult(seed)
    }, edited('Published while the page was loading'))
    const live = serveLiveEvents()
    renderApp({ path: '/en', initialContent: seed })
    const publish = await live
    await waitFor(() => expect(requests).toHaveLength(1))

    publish('message', 'event-3', [SYNC_TAG])
    answerFirst()

    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Published while the page was loading'),
    )
    expect(requests[1]?.searchParams.get('lastLiveEventId')).toBe('event-3')
  })
})
