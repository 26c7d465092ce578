import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'
import { sectionOf } from '../../../../test/web/content-fixtures.ts'
import { conformOffThread, type ConformAnswer } from './conform-off-thread.ts'

/** The seed with one wrong value: a text where the hero's list of points goes. */
async function contentWithWrongValue() {
  const content = await loadSeedContent()
  Object.assign(sectionOf(content, 'hero'), { oldWayPoints: 'a text where a list goes' })
  return content
}

/** Records what each worker the page starts sends back. */
function watchWorkers() {
  const answers: ConformAnswer[] = []
  const PageWorker = globalThis.Worker
  vi.stubGlobal(
    'Worker',
    class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options)
        this.addEventListener('message', ({ data }: MessageEvent<ConformAnswer>) => answers.push(data))
      }
    },
  )
  return answers
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the fetched content, checked off the page’s thread', () => {
  it('comes back from a worker of its own with each wrong value dropped', async () => {
    const answers = watchWorkers()
    const content = await conformOffThread(await contentWithWrongValue())

    expect(sectionOf(content, 'hero').oldWayPoints).toBeUndefined()
    expect(sectionOf(content, 'hero').headline).toEqual(sectionOf(await loadSeedContent(), 'hero').headline)
    expect(answers).toEqual([{ content }])
  })

  it('fails on an answer that is not the page’s content, so what is on screen stays', async () => {
    const answers = watchWorkers()
    await expect(conformOffThread('<html>')).rejects.toThrow(/not the page’s content/)
    expect(answers).toEqual([{ error: expect.stringMatching(/not the page’s content/) }])
  })

  it('is checked on the page’s thread where no worker can start', async () => {
    vi.stubGlobal(
      'Worker',
      class extends EventTarget {
        onerror: ((event: Event) => void) | null = null
        postMessage() {
          queueMicrotask(() => this.onerror?.(new Event('error', { cancelable: true })))
        }
        terminate() {}
      },
    )
    const content = await conformOffThread(await contentWithWrongValue())
    expect(sectionOf(content, 'hero').oldWayPoints).toBeUndefined()
  })

  it('is checked on the page’s thread where the browser refuses to start a worker', async () => {
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused by the policy', 'SecurityError')
        }
      },
    )
    const content = await conformOffThread(await contentWithWrongValue())
    expect(sectionOf(content, 'hero').oldWayPoints).toBeUndefined()
  })
})
