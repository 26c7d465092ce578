// The operators' views and the Launch tool's sessions in front of hosted Supabase: the same SQL
// functions over PostgREST's /rpc with the secret key (test/server/stand-in-postgrest.ts), answering
// what this server's own connection answers, on a real database of each kind.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { standInProject, type StandInProject } from '../../test/server/stand-in-postgrest.ts'
import type { Database } from '../db/database.ts'
import { restOperatorStore, sqlOperatorStore, type OperatorStore } from './operator-store.ts'
import { restSessionStore, sqlSessionStore } from './session-store.ts'

describe.each(databaseVariants)('the operators’ views over the hosted RPC, on $name', (variant) => {
  let project: StandInProject
  let db: Database
  let hosted: OperatorStore
  let own: OperatorStore

  beforeAll(async () => {
    project = await standInProject(variant, /^operator_[a-z_]+$/)
    db = project.db
    hosted = restOperatorStore(project)
    own = sqlOperatorStore(db)
    for (const [email, role] of [
      ['ana@empresa.example', 'Head of People'],
      ['bruno@empresa.example', 'Engineering Manager'],
    ]) {
      await db.queryAsAnon('insert into public.waitlist (email, role) values ($1, $2)', [email, role])
    }
  }, 60_000)

  afterAll(() => project?.close())

  it('answers the list, the export and the audit log as the server’s own connection does', async () => {
    const query = { search: '', status: 'all', limit: 50, offset: 0 } as const
    expect(await hosted.waitlistPage('pHosted', query)).toEqual(await own.waitlistPage('pOwn', query))
    const exportOf = async (store: typeof own, actor: string) => {
      let csv = ''
      for await (const page of store.waitlistExport(actor)) csv += page.csv
      return csv
    }
    const exported = await exportOf(hosted, 'pHosted')
    expect(
      exported
        .trimEnd()
        .split('\r\n')
        .map((line) => line.split(',')[0]),
    ).toEqual(['"email"', '"ana@empresa.example"', '"bruno@empresa.example"'])
    expect(exported).toBe(await exportOf(own, 'pOwn'))
    const audit = await hosted.auditLog(10)
    expect(audit.map(({ actor, action }) => `${actor} ${action}`)).toEqual([
      'pOwn waitlist.exported',
      'pHosted waitlist.exported',
      'pOwn waitlist.read',
      'pHosted waitlist.read',
    ])
  })

  it('erases a person and records a refusal, audited', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from public.waitlist where email = 'bruno@empresa.example'`)
    expect(await hosted.erase('pHosted', rows[0]!.id)).toBe(true)
    expect(await hosted.erase('pHosted', rows[0]!.id)).toBe(false)
    expect((await db.query('select email from public.waitlist')).rows).toEqual([{ email: 'ana@empresa.example' }])
    await hosted.recordRefusal('pNumbers', 'GET', '/api/launch/waitlist')
    expect((await hosted.auditLog(2)).map(({ actor, action, detail }) => [actor, action, detail])).toEqual([
      ['pNumbers', 'access.refused', { method: 'GET', route: '/api/launch/waitlist' }],
      ['pHosted', 'person.erased', { places: 1 }],
    ])
  })

  it('opens a session once per proof, knows it on any instance, and ends it, one or all of a user’s', async () => {
    const sessions = restSessionStore(project)
    const ownConnection = sqlSessionStore(db)
    const hash = (n: number) => createHash('sha256').update(`credential ${n}`).digest('hex')
    const nonceExpiresAt = new Date(Date.now() + 60_000)
    const open = (n: number, actor = 'pHosted') =>
      sessions.open({ actor, nonce: `a-nonce-of-sixteen-or-more-${n}`, nonceExpiresAt, credentialHash: hash(n) })
    expect(await open(1)).toBe(true)
    expect(
      await sessions.open({ actor: 'pHosted', nonce: 'a-nonce-of-sixteen-or-more-1', nonceExpiresAt, credentialHash: hash(9) }),
    ).toBe(false)
    expect(await ownConnection.actor(hash(1))).toBe('pHosted')
    expect(await sessions.actor(hash(9))).toBeNull()
    expect(await sessions.end(hash(1))).toBe(true)
    expect(await sessions.end(hash(1))).toBe(false)
    expect(await sessions.actor(hash(1))).toBeNull()

    expect(await open(2)).toBe(true)
    expect(await open(3)).toBe(true)
    expect(await open(4, 'pOther')).toBe(true)
    expect(await sessions.endEverywhere('pHosted')).toBe(2)
    expect([await sessions.actor(hash(2)), await sessions.actor(hash(3)), await sessions.actor(hash(4))]).toEqual([
      null,
      null,
      'pOther',
    ])
    const { rows } = await db.query<{ hashed: boolean }>(
      `select bool_and(octet_length(credential_hash) = 32) as hashed from operator.sessions`,
    )
    expect(rows).toEqual([{ hashed: true }])
  })
})
