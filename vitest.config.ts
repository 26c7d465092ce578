import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Unit and integration tests sit beside their code; e2e/ has its own runner. */
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // Run through Vite, so the aliases below reach their own imports too.
          server: { deps: { inline: [/@sanity\/client/, /get-it/] } },
        },
        // The page's Sanity client in its browser build, as the page runs it: it requests through the
        // global fetch. Its Node build (Node's export conditions would pick it) opens undici connections
        // of its own, outside msw's request context; msw then guesses from timing whether such a
        // connection speaks HTTP, and a late guess dials the real address, breaking a mocked stream.
        resolve: {
          alias: [
            { find: /^@sanity\/client$/, replacement: fromRoot('node_modules/@sanity/client/dist/index.js') },
            { find: /^get-it$/, replacement: fromRoot('node_modules/get-it/dist/index.js') },
          ],
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'server/**/*.test.ts',
            'supabase/**/*.test.ts',
            'schemas/**/*.test.ts',
            'studio/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/support/**/*.test.ts',
          ],
          environment: 'node',
          // The PostgreSQL server for the integration tests: TEST_DATABASE_URL's, or an embedded one.
          globalSetup: ['supabase/functions/_test/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
