// A welcome request's limits on both databases (guard.record_welcome, in the one call that records
// the welcome): the client's limit first; then the mailbox's, which counts welcomes queued to one
// inbox, never requests. A request refused for its client, or for an address that is not listed or
// already welcomed, spends nothing of the mailbox's share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

describe.each(databaseKinds)('welcome request limits on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    await database.db.query(`update guard.limits set max_hits = 1 where bucket = 'welcome_client'`)
    await database.db.query(`update guard.limits set max_hits = 2 where bucket = 'welcome_recipient'`)
    // Three places of one inbox, as listed before one place per inbox (decision 0061): addresses of
    // their own then, spelled as the inbox now (an update runs no insert rule).
    await database.db.query(`insert into public.waitlist (email, role) values
      ('Ana.Souza@gmail.com', 'CTO'), ('second@listed-before.example', 'CTO'), ('third@listed-before.example', 'CTO')`)
    await database.db.query(`update public.waitlist set email = case email
      when 'second@listed-before.example' then 'anasouza+news@googlemail.com' else 'a.n.a.souza@gmail.com' end
      where email like '%@listed-before.example'`)
  })
  afterAll(() => database?.close())

  const request = (client: string, email: string) =>
    createWelcomeStore(database.db).record({ email, name: 'Ana', locale: 'pt' }, new Headers({ 'x-forwarded-for': client }))
  const queued = async () =>
    (await database.db.query<{ email: string }>('select email from public.welcome_emails order by id')).rows.map(
      (row) => row.email,
    )

  it('refuses a client over its limit, recording nothing and spending nothing of the mailbox', async () => {
    expect(await request('203.0.113.1', 'stranger@gmail.com')).toEqual({ outcome: 'not_listed' })
    expect(await request('203.0.113.1', 'anasouza@gmail.com')).toEqual({
      outcome: 'limited',
      wait: expect.any(Number) as unknown,
    })
    expect(await queued()).toEqual([])
  })

  it('queues at most the mailbox share to one inbox, whatever the spelling, with each address as listed', async () => {
    expect(await request('203.0.113.2', 'ana.souza@GMAIL.com')).toEqual({ outcome: 'recorded' })
    expect(await request('203.0.113.3', 'Ana.Souza@gmail.com')).toEqual({ outcome: 'already' })
    expect(await request('203.0.113.4', 'anasouza+news@googlemail.com')).toEqual({ outcome: 'recorded' })
    expect(await request('203.0.113.5', 'a.n.a.souza@gmail.com')).toEqual({ outcome: 'mailbox_full' })
    // Mailed as the waitlist keeps the address: the local part as typed at sign-up.
    expect(await queued()).toEqual(['Ana.Souza@gmail.com', 'anasouza+news@googlemail.com'])
  })

  it('keys a mailbox by what its provider delivers to one inbox', async () => {
    const key = async (address: string) =>
      (await database.db.query<{ key: string }>('select guard.mailbox_key($1) as key', [address])).rows[0]?.key
    expect(await key('Carol.Target+x@GoogleMail.com')).toBe('caroltarget@gmail.com')
    expect(await key('carol.target+x@outlook.com')).toBe('carol.target@outlook.com')
    expect(await key('carol.target+x@example.com')).toBe('carol.target+x@example.com')
    expect(await key('carol+x@icloud.com')).toBe('carol@icloud.com')
  })
})
