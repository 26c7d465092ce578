import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import type { PageContent } from './page-copy.ts'
import { pageQuery } from './page-query.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { sectionOf } from '../../../../test/web/content-fixtures.ts'
import { queryResult, serveContent, serveLiveEvents, SYNC_TAG } from '../../../../test/web/network.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'
import { watchContentFetches } from '../../../../test/web/content-fetches.ts'

let seed: PageContent
beforeAll(async () => {
  seed = await loadSeedContent()
})
afterEach(() => {
  vi.useRealTimers()
})

/**
 * Every clock the page reads is fake: SWR's retries, refresh interval and deduplication, and the
 * turn after the first render on which an idle page (jsdom has no idle callbacks) opens its live
 * stream, whose welcome starts the first revalidation. Time then moves only when a test says so;
 * meanwhile only network I/O (real) happens, and the test waits for its outcome as an event.
 */
function fakePageClocks() {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'Date',
    ],
  })
}

/** The seed with a new English headline, as an editor would publish it. */
function edited(headline: string): PageContent {
  const content = structuredClone(seed)
  sectionOf(content, 'hero').headline = { _type: 'localeString', pt: 'Manchete nova', en: headline }
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
    // Not in an experiment: every field's default.
    expect(url?.searchParams.get('$arms')).toBe('[]')
  })

  it('asks again for the arms the server rendered, so its revalidation keeps the visitor’s variant', async () => {
    const requests = serveContent(seed)
    renderApp({ path: '/en', initialContent: seed, arms: ['experiment-1a2b:b'] })
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(JSON.parse(requests[0]?.searchParams.get('$arms') ?? 'null')).toEqual(['experiment-1a2b:b'])
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
    const content = watchContentFetches()
    renderApp({ path: '/en', initialContent: seed, swr: content.config })
    await act(() => content.failed(1))
    expect(requests).toHaveLength(1)
    expect(headline()).toHaveTextContent('Performance reviews built on real work, not memory')
    expect(screen.getByRole('region', { name: 'How It Works' })).toBeInTheDocument()
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument()
  })

  it('shows each wrong value of a fetched answer as its fallback, and the rest of the answer', async () => {
    const hostile = edited('Reviews that write themselves')
    Object.assign(sectionOf(hostile, 'workflow'), { title: 7, steps: 'three steps' })
    Object.assign(sectionOf(hostile, 'features'), { items: [null, 5] })
    serveContent(hostile)
    renderApp({ path: '/en', initialContent: seed })
    await waitFor(() => expect(headline()).toHaveTextContent('Reviews that write themselves'))
    const workflow = screen.getByRole('region', { name: 'How It Works' })
    expect(workflow).toHaveTextContent('Step 1')
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument()
  })

  it('keeps what is on screen when the content API answers something that is not the page’s content', async () => {
    const requests = serveContent(() => HttpResponse.json({ result: 'not the page', syncTags: [] }))
    const content = watchContentFetches()
    renderApp({ path: '/en', initialContent: seed, swr: content.config })
    await act(() => content.failed(1))
    expect(requests).toHaveLength(1)
    expect(headline()).toHaveTextContent('Performance reviews built on real work, not memory')
  })

  it.each([
    ['the content API is unavailable (503)', () => HttpResponse.json({ error: 'Service Unavailable' }, { status: 503 })],
    ['the connection fails', () => HttpResponse.error()],
  ])('retries at most 3 times, after 1 s, 2 s and 4 s, when %s', async (_, answer) => {
    fakePageClocks()
    const requests = serveContent(answer)
    const content = watchContentFetches()
    renderApp({ path: '/en', initialContent: seed, swr: content.config })

    // A page rendered with content revalidates once idle and listening to live events (a welcome, real I/O).
    vi.advanceTimersToNextFrame()
    for (const [retry, delay] of [1_000, 2_000, 4_000].entries()) {
      await content.failed(retry + 1)
      vi.advanceTimersByTime(delay - 1)
      expect(content.startedAt).toHaveLength(retry + 1)
      vi.advanceTimersByTime(1)
      expect(content.startedAt).toHaveLength(retry + 2)
    }
    await act(() => content.failed(4))
    // Then it gives up, and the minute's refresh does not start again while the error stands.
    vi.advanceTimersByTime(120_000)
    expect(content.startedAt).toHaveLength(4)
    expect(requests).toHaveLength(4)
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
      const { requests, publish } = await openListeningPage(edited('Published after an unrelated change'))

      publish('message', 'event-8', ['s1:another-document'])
      publish('message', 'event-9', [SYNC_TAG])
      await waitFor(() => expect(headline()).toHaveTextContent('Published after an unrelated change'))
      // Had event-8 been fetched for, its request would have come first, with its id.
      expect(requests.map((url) => url.searchParams.get('lastLiveEventId'))).toEqual([null, 'event-9'])
    })

    it('refetches after a restart, when changes may have been missed', async () => {
      const { publish } = await openListeningPage(edited('Changed while disconnected'))
      publish('restart', 'event-9')
      await waitFor(() => expect(headline()).toHaveTextContent('Changed while disconnected'))
    })

    it('refetches when the reader comes back to the tab', async () => {
      fakePageClocks()
      const requests = serveContent(seed, edited('Seen on return'))
      const content = watchContentFetches()
      renderApp({ path: '/en', initialContent: seed, swr: content.config })
      vi.advanceTimersToNextFrame()
      await content.succeeded(1)

      // Seconds later: past SWR's focus throttle (5 s) and deduplication (2 s), before the minute's refresh.
      vi.advanceTimersByTime(6_000)
      expect(content.startedAt).toHaveLength(1)
      window.dispatchEvent(new Event('focus'))
      // SWR takes focus events a tick later.
      vi.advanceTimersByTime(1)
      expect(content.startedAt).toHaveLength(2)
      await act(() => content.succeeded(2))
      expect(headline()).toHaveTextContent('Seen on return')
      expect(requests).toHaveLength(2)
    })
  })
})
