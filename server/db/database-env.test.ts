// The commands' reading of DATA_DIR, DATABASE_URL and PGLITE_LOCK_WAIT_SECONDS (database-env.ts) against the server's (config.ts):
// the same places for the same variables, and a value one refuses the other refuses too.
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { databaseEnv, type DatabaseEnv } from './database-env.ts'

const outcome = (read: () => DatabaseEnv) => {
  try {
    const { dataDir, databaseUrl, lockWaitSeconds } = read()
    return { dataDir, databaseUrl, lockWaitSeconds }
  } catch (error) {
    return { refused: (error as Error).name }
  }
}

describe('where the database is, as a command reads it', () => {
  it.each<NodeJS.ProcessEnv>([
    {},
    { DATA_DIR: '/var/lib/pulso' },
    { DATA_DIR: '' },
    { DATABASE_URL: '' },
    { DATABASE_URL: 'postgres://pulso@db.example:5432/pulso' },
    { DATABASE_URL: 'postgresql://pulso@db.example/pulso?sslmode=require', DATA_DIR: 'elsewhere' },
    { DATABASE_URL: 'mysql://pulso@db.example/pulso' },
    { DATABASE_URL: 'db.example:5432/pulso' },
    { DATABASE_URL: 'postgres//db.example' },
    { PGLITE_LOCK_WAIT_SECONDS: '0' },
    { PGLITE_LOCK_WAIT_SECONDS: '2.5' },
    { PGLITE_LOCK_WAIT_SECONDS: '' },
    { PGLITE_LOCK_WAIT_SECONDS: '600' },
    { PGLITE_LOCK_WAIT_SECONDS: '601' },
    { PGLITE_LOCK_WAIT_SECONDS: '-1' },
    { PGLITE_LOCK_WAIT_SECONDS: 'soon' },
    { PGLITE_LOCK_WAIT_SECONDS: 'Infinity' },
  ])('reads %j as the server does', (env) => {
    const server = outcome(() => loadConfig(env))
    expect(outcome(() => databaseEnv(env))).toEqual(server)
  })

  it('says which variable is wrong and how, as the server would', () => {
    expect(() => databaseEnv({ DATABASE_URL: 'mysql://db.example/pulso' })).toThrow(
      /DATABASE_URL: a postgres:\/\/ connection URL/,
    )
  })
})
