// The operators' views in front of hosted Supabase: the same SQL functions over PostgREST's /rpc
// with the secret key (test/server/stand-in-postgrest.ts), answering what this server's own
// connection answers, on a real database of each kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { standInProject, type StandInProject } from '../../test/server/stand-in-postgrest.ts'
import type { Database } from '../db/database.ts'
import { restOperatorStore, sqlOperatorStore, type OperatorStore } from './operator-store.ts'

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

  it('spends a proof once and erases a person, audited', async () => {
    const expires = new Date(Date.now() + 60_000)
    expect(await hosted.openSession('pHosted', 'a-nonce-of-sixteen-or-more', expires)).toBe(true)
    expect(await hosted.openSession('pHosted', 'a-nonce-of-sixteen-or-more', expires)).toBe(false)
    const { rows } = await db.query<{ id: string }>(`select id from public.waitlist where email = 'bruno@empresa.example'`)
    expect(await hosted.erase('pHosted', rows[0]!.id)).toBe(true)
    expect(await hosted.erase('pHosted', rows[0]!.id)).toBe(false)
    expect((await db.query('select email from public.waitlist')).rows).toEqual([{ email: 'ana@empresa.example' }])
    expect((await hosted.auditLog(2)).map(({ action, detail }) => [action, detail])).toEqual([
      ['person.erased', { places: 1 }],
      ['session.opened', {}],
    ])
  })
})
