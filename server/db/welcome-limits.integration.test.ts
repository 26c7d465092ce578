// guard.take_welcome on both databases: the client's limit first, then the recipient's, and a
// request refused for its client never counts against the recipient.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRequestLimits } from '../../supabase/functions/_shared/request-limits.ts'
import { databaseKinds, type MigratedDatabase } from './test-databases.ts'

describe.each(databaseKinds)('guard.take_welcome on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    await database.db.query(`update guard.limits set max_hits = 1 where bucket = 'welcome_client'`)
  })
  afterAll(() => database?.close())

  const from = (client: string) => new Headers({ 'x-forwarded-for': client })

  it('refuses a client over its limit without counting the request against the recipient', async () => {
    const limits = createRequestLimits(database.db)
    expect(await limits.welcome(from('203.0.113.1'), 'ana@empresa.com')).toBe(0)
    expect(await limits.welcome(from('203.0.113.1'), 'ana@empresa.com')).toBeGreaterThan(0)
    expect(await limits.welcome(from('203.0.113.1'), 'ana@empresa.com')).toBeGreaterThan(0)
    // Three an hour per recipient: two more clients still fit, the fourth does not.
    expect(await limits.welcome(from('203.0.113.2'), 'Ana@Empresa.com')).toBe(0)
    expect(await limits.welcome(from('203.0.113.3'), 'ana@empresa.com')).toBe(0)
    expect(await limits.welcome(from('203.0.113.4'), 'ana@empresa.com')).toBeGreaterThan(3000)
  })
})
