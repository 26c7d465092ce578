import type { PageContent } from './page-copy.ts'

/** What the worker sends back: the content conformed, or why the answer is not the page's content. */
export type ConformAnswer = { content: PageContent } | { error: string }

const conformHere = async (answer: unknown) => (await import('./page-content-check.ts')).conformPageContent(answer)

/**
 * The fetched content conformed to the schema's types (page-content-check.ts) in a worker of its own,
 * ended once it has answered: building the types and walking a page's answer take a phone a few hundred
 * milliseconds, one long task on the page's thread right after it loads
 * (docs/decisions/0087-content-checked-off-the-page-thread.md). A browser that cannot run the worker
 * conforms it here instead.
 */
export function conformOffThread(answer: unknown): Promise<PageContent> {
  let worker: Worker
  try {
    worker = new Worker(new URL('./page-content-check.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    // No Worker at all, or a policy that refuses to start one.
    return conformHere(answer)
  }
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<ConformAnswer>) => {
      worker.terminate()
      if ('content' in data) resolve(data.content)
      else reject(new Error(data.error))
    }
    worker.onerror = (event) => {
      event.preventDefault()
      worker.terminate()
      resolve(conformHere(answer))
    }
    worker.postMessage(answer)
  })
}
