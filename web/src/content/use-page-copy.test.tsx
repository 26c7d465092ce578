import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { PageContent } from './page-copy.ts'
import { pageQuery } from './page-query.ts'
import { loadSeedContent } from '../test/seed-content.ts'
import { queryResult, serveContent, serveLiveEvents, SYNC_TAG } from '../test/network.ts'
import { renderApp } from '../test/render-app.tsx'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})
afterEach(() => {
  vi.useRealTimers()
})

/** The seed with a new English headline, as an editor would publish it. */
function edited(headline: string): PageContent {
  const content = structuredClone(seed)
  if (!content.hero) throw new Error('the seed has a hero')
  content.hero.headline = { _type: 'localeString', pt: 'Manchete nova', en: headline }
  return content
}

function deferred() {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  return { release, released }
}

const headline = () => screen.getByRole('heading', { level: 1 })

describe('usePageCopy', () => {
  it('shows the prerendered content at once, then the content API answer', async () => {
    const answer = deferred()
    const requests = serveContent(async () => {
      await answer.released
      return queryResult(edited('Reviews that write themselves'))
    })
    renderApp({ path: '/en', initialContent: seed })

    // Before anything came back from the network.
    expect(headline()).toHaveTextContent('Performance reviews built on real work, not memory')
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(headline()).toHaveTextContent('Performance reviews built on real work, not memory')

    answer.release()
    await waitFor(() => expect(headline()).toHaveTextContent('Reviews that write themselves'))
    expect(requests).toHaveLength(1)
  })

  it('asks the content API on the page origin for the page query, published documents only', async () => {
    const requests = serveContent(seed)
    renderApp({ path: '/en', initialContent: seed })
    await waitFor(() => expect(requests).toHaveLength(1))
    const [url] = requests
    expect(url?.origin).toBe(window.location.origin)
    expect(url?.pathname).toBe('/v2025-02-19/data/query/production')
    expect(url?.searchParams.get('query')).toBe(pageQuery)
    expect(url?.searchParams.get('perspective')).toBe('published')
  })

  it('renders the fallback copy while there is no prerendered content, then the fetched content', async () => {
    const answer = deferred()
    serveContent(async () => {
      await answer.released
      return queryResult(seed)
    })
    renderApp({ path: '/en', initialContent: undefined })
    expect(headline()).toHaveTextContent('Performance reviews from your meetings')
    answer.release()
    await waitFor(() => expect(headline()).toHaveTextContent('Performance reviews built on real work, not memory'))
  })

  it('keeps what is on screen when the content API fails', async () => {
    const requests = serveContent(() => HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 }))
    renderApp({ path: '/en', initialContent: seed })
    await waitFor(() => expect(requests).toHaveLength(1))
    // Let SWR take in the failure.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(headline()).toHaveTextContent('Performance reviews built on real work, not memory')
    expect(screen.getByRole('region', { name: 'How It Works' })).toBeInTheDocument()
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument()
  })

  it.each([
    ['the content API is unavailable (503)', () => HttpResponse.json({ error: 'Service Unavailable' }, { status: 503 })],
    ['the connection fails', () => HttpResponse.error()],
  ])('retries at most 3 times, after 1 s, 2 s and 4 s, when %s', async (_, answer) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const sentAt: number[] = []
    serveContent(() => {
      sentAt.push(Date.now())
      return answer()
    })
    renderApp({ path: '/en', initialContent: seed })

    // Two minutes of fake time in 50 ms steps, letting each request's real I/O finish in between.
    for (let elapsed = 0; elapsed < 120_000; elapsed += 50) {
      await vi.advanceTimersByTimeAsync(50)
      await new Promise((resolve) => setImmediate(resolve))
    }

    expect(sentAt).toHaveLength(4)
    const waits = sentAt.slice(1).map((at, index) => at - (sentAt[index] ?? 0))
    for (const [index, expected] of [1_000, 2_000, 4_000].entries()) {
      // Within one step of the schedule: the failure is handled a step after the request at worst.
      expect(waits[index]).toBeGreaterThanOrEqual(expected)
      expect(waits[index]).toBeLessThanOrEqual(expected + 100)
    }
    expect(headline()).toHaveTextContent('Performance reviews built on real work, not memory')
  })

  describe('edits reach the open page without a reload', () => {
    /** The page open on the seed, its first revalidation answered, its live stream listening; then `next`. */
    async function openListeningPage(next: PageContent) {
      const requests = serveContent(seed, next)
      const live = serveLiveEvents()
      renderApp({ path: '/en', initialContent: seed })
      await waitFor(() => expect(requests).toHaveLength(1))
      return { requests, publish: await live }
    }

    it('refetches when a live event names a tag the page shows, and asks for content at least that new', async () => {
      const { requests, publish } = await openListeningPage(edited('Published a moment ago'))

      publish('message', 'event-7', [SYNC_TAG])
      await waitFor(() => expect(headline()).toHaveTextContent('Published a moment ago'))
      expect(requests).toHaveLength(2)
      expect(requests[1]?.searchParams.get('lastLiveEventId')).toBe('event-7')
    })

    it('ignores live events about content the page does not show', async () => {
      const { requests, publish } = await openListeningPage(edited('Should not be fetched'))

      publish('message', 'event-8', ['s1:another-document'])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(requests).toHaveLength(1)
    })

    it('refetches after a restart, when changes may have been missed', async () => {
      const { publish } = await openListeningPage(edited('Changed while disconnected'))
      publish('restart', 'event-9')
      await waitFor(() => expect(headline()).toHaveTextContent('Changed while disconnected'))
    })

    it('refetches when the reader comes back to the tab', async () => {
      const requests = serveContent(seed, edited('Seen on return'))
      renderApp({ path: '/en', initialContent: seed })
      await waitFor(() => expect(requests).toHaveLength(1))
      // Past SWR's deduplication and focus throttle windows.
      await new Promise((resolve) => setTimeout(resolve, 5_100))
      window.dispatchEvent(new Event('focus'))
      await waitFor(() => expect(headline()).toHaveTextContent('Seen on return'))
    })
  })
})
