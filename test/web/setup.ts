import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { EventSource } from 'eventsource'
import { server } from './msw-server.ts'
import { endRenders } from './renders-end.ts'
import { allowWorkers, endWorkers } from './web-worker.ts'

// The first render of the whole page in a worker (styled-components, icons, jsdom) can
// take seconds on a busy machine; later ones take milliseconds.
vi.setConfig({ testTimeout: 30_000 })
configure({ asyncUtilTimeout: 5_000 })

// jsdom has no EventSource; this one speaks the same protocol over fetch, which MSW answers.
globalThis.EventSource ??= EventSource

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
beforeEach(allowWorkers)
afterEach(() => {
  server.resetHandlers()
  cleanup()
  endWorkers()
  endRenders()
})
afterAll(() => server.close())
