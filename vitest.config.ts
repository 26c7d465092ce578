import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

/** Unit and integration tests sit beside their code; e2e/ has its own runner. */
export default defineConfig({
  test: {
    // Vitest runs one file at a time on two cores by default; most files wait on servers, databases
    // and mail rather than compute, so two at once take the suite from 14 to 7 minutes here.
    maxWorkers: 2,
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/web/setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'studio',
          include: ['studio/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/studio/setup.ts'],
          // @sanity/ui's first render in a test file loads much of it: slow on a busy machine (on two
          // cores at load 12-15, a test that takes 5 s idle took over 30 s). A bound on a hang, not a speed.
          testTimeout: 90_000,
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
            'test/**/*.test.ts',
            'bench/**/*.test.ts',
            'web/build-plugins/**/*.test.ts',
          ],
          environment: 'node',
          // The PostgreSQL server for the integration tests: TEST_DATABASE_URL's, or an embedded one;
          // and the migrated embedded database the test files copy rather than make again.
          globalSetup: ['test/database/postgres-global-setup.ts', 'test/database/pglite-template-global-setup.ts'],
          // Bounds on a hang, not speeds: on two cores at load 12-15, opening PGlite (its WebAssembly
          // compiled again in each file) and migrating took over a minute.
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
