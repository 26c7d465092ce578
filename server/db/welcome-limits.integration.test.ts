// A welcome request's limits on both databases (guard.take_welcome, checked in the same statement
// that records the welcome): the client's limit first, then the recipient's, and a request refused
// for its client never counts against the recipient.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome-store.ts'
import { databaseKinds, type MigratedDatabase } from './test-databases.ts'

describe.each(databaseKinds)('welcome request limits on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    await database.db.query(`update guard.limits set max_hits = 1 where bucket = 'welcome_client'`)
    await database.db.query(`insert into public.waitlist (email, role) values ('ana@empresa.com', 'CTO')`)
  })
  afterAll(() => database?.close())

  const request = (client: string, email = 'ana@empresa.com') =>
    createWelcomeStore(database.db).record({ email, name: 'Ana', locale: 'pt' }, new Headers({ 'x-forwarded-for': client }))

  it('refuses a client over its limit without counting the request against the recipient, nor recording it', async () => {
    expect(await request('203.0.113.1', 'stranger@empresa.com')).toEqual({ outcome: 'not_listed' })
    expect(await request('203.0.113.1')).toEqual({ outcome: 'limited', wait: expect.any(Number) as unknown })
    expect(await request('203.0.113.1')).toMatchObject({ outcome: 'limited' })
    const { rows } = await database.db.query('select count(*)::int as count from public.welcome_emails')
    expect(rows).toEqual([{ count: 0 }])
    // Three an hour per recipient, none of them spent above: three more clients fit, the fourth does not.
    expect(await request('203.0.113.2', 'Ana@Empresa.com')).toEqual({ outcome: 'recorded' })
    expect(await request('203.0.113.3')).toEqual({ outcome: 'already' })
    expect(await request('203.0.113.4')).toEqual({ outcome: 'already' })
    const refused = await request('203.0.113.5')
    expect(refused).toMatchObject({ outcome: 'limited' })
    expect(refused.outcome === 'limited' && refused.wait).toBeGreaterThan(3000)
  })
})
