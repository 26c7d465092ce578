import { resolve } from 'node:path'
import NodeWorker from 'web-worker'

/**
 * jsdom has no Web Workers, and the proof of work solves in one. This gives the page a Worker
 * that runs the same worker file in a Node worker thread; the page names it by the path Vite
 * serves it from (`/node_modules/…` or `/@fs/…`), which is mapped back to the file.
 */
class WorkerFromViteUrl extends NodeWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    const path = new URL(url, 'http://localhost').pathname
    super(path.startsWith('/@fs/') ? path.slice('/@fs'.length) : resolve(`.${path}`), options)
  }
}

if (!('Worker' in globalThis)) Object.assign(globalThis, { Worker: WorkerFromViteUrl })

// Browsers count http://localhost as a secure context (the widget needs one for Web Crypto); jsdom does not.
Object.defineProperty(window, 'isSecureContext', { value: true })
