import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import NodeWorker from 'web-worker'

/**
 * jsdom has no Web Workers, and the proof of work solves in one. This gives the page a Worker
 * that runs the same worker file in a Node worker thread; the page names it by the path Vite
 * serves it from (`/node_modules/…` or `/@fs/…`), which is mapped back to the file.
 */
class WorkerFromViteUrl extends NodeWorker {
  /** The workers still running, ended after each test. */
  static readonly running = new Set<WorkerFromViteUrl>()
  /** Between tests, and after the last: a worker started then never runs. */
  static betweenTests = false

  constructor(url: string | URL, options?: WorkerOptions) {
    const address = new URL(url, 'http://localhost')
    // A worker of the app's own (new URL('./x.worker.ts', import.meta.url)) is named by its file.
    if (address.protocol === 'file:') super(fileURLToPath(address), options)
    else
      super(
        address.pathname.startsWith('/@fs/') ? address.pathname.slice('/@fs'.length) : resolve(`.${address.pathname}`),
        options,
      )
    if (WorkerFromViteUrl.betweenTests) {
      this.terminate()
      return
    }
    WorkerFromViteUrl.running.add(this)
    this.addEventListener('close', () => WorkerFromViteUrl.running.delete(this))
  }
}

/**
 * Ends every worker a test started and left running, and any started until the next test (the content
 * check of a fetch the test did not wait for, answered after it): its answer would otherwise reach
 * the page after the test's document is gone.
 */
export function endWorkers(): void {
  WorkerFromViteUrl.betweenTests = true
  for (const worker of WorkerFromViteUrl.running) worker.terminate()
  WorkerFromViteUrl.running.clear()
}

export function allowWorkers(): void {
  WorkerFromViteUrl.betweenTests = false
}

if (!('Worker' in globalThis)) Object.assign(globalThis, { Worker: WorkerFromViteUrl })

// Browsers count http://localhost as a secure context (the widget needs one for Web Crypto); jsdom does not.
Object.defineProperty(window, 'isSecureContext', { value: true })
