// Vitest global setup of the server project: the PostgreSQL server the integration tests make
// their throwaway databases on. TEST_DATABASE_URL names one (CI uses the system's PostgreSQL);
// without it the run starts an embedded server of its own and stops it at the end.
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from './embedded-postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server (see throwaway-postgres.ts). */
    testDatabaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  const configured = process.env.TEST_DATABASE_URL
  if (configured) {
    project.provide('testDatabaseUrl', configured)
    return
  }
  const server = await startEmbeddedPostgres()
  project.provide('testDatabaseUrl', server.url)
  return () => server.stop()
}
