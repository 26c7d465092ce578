// The stored signing keys on both databases: whoever asks first stores one, and every caller, the
// ones that ask at the same moment included, gets that same key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../../../test/database/test-databases.ts'
import { resolveStoredSecret } from './stored-secret.ts'

describe.each(databaseKinds)('stored secrets on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  }, 60_000)
  afterAll(() => database?.close())

  it('keeps a configured key as it is, and stores nothing', async () => {
    const configured = 'a-configured-key-of-at-least-32-characters'
    expect(await resolveStoredSecret(database.db, 'altcha_hmac_key', configured)).toBe(configured)
    const { rows } = await database.db.query(`select from private.secrets where name = 'altcha_hmac_key'`)
    expect(rows).toEqual([])
  })

  it('gives every caller the one key, eight callers asking at once on an empty table, round after round', async () => {
    for (let round = 0; round < 10; round += 1) {
      await database.db.query(`delete from private.secrets where name = 'link_secret'`)
      const keys = await Promise.all(Array.from({ length: 8 }, () => resolveStoredSecret(database.db, 'link_secret', undefined)))
      expect(new Set(keys).size).toBe(1)
      expect(keys[0]).toMatch(/^[0-9a-f]{64}$/)
      const { rows } = await database.db.query<{ value: string }>(`select value from private.secrets where name = 'link_secret'`)
      expect(rows).toEqual([{ value: keys[0] }])
    }
  })
})
