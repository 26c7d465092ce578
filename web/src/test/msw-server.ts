import { setupServer } from 'msw/node'

/** The network as the web's unit tests see it; each test adds the handlers it needs. */
export const server = setupServer()
