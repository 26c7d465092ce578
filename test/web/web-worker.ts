import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import NodeWorker from 'web-worker'

/**
 * jsdom has no Web Workers, and the proof of work solves in one. This gives the page a Worker
 * that runs the same worker file in a Node worker thread; the page names it by the path Vite
 * serves it from (`/node_modules/…` or `/@fs/…`), which is mapped back to the file.
 */
class WorkerFromViteUrl extends NodeWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    const address = new URL(url, 'http://localhost')
    // A worker of the app's own (new URL('./x.worker.ts', import.meta.url)) is named by its file.
    if (address.protocol === 'file:') super(fileURLToPath(address), options)
    else
      super(
        address.pathname.startsWith('/@fs/') ? address.pathname.slice('/@fs'.length) : resolve(`.${address.pathname}`),
        options,
      )
  }
}

if (!('Worker' in globalThis)) Object.assign(globalThis, { Worker: WorkerFromViteUrl })

// Browsers count http://localhost as a secure context (the widget needs one for Web Crypto); jsdom does not.
Object.defineProperty(window, 'isSecureContext', { value: true })
