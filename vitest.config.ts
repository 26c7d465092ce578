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
          // @sanity/ui's first render in a test file loads much of it: slow on a busy machine.
          testTimeout: 30_000,
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
          // The PostgreSQL server for the integration tests: TEST_DATABASE_URL's, or an embedded one.
          globalSetup: ['test/database/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
