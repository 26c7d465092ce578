// Invite waves in front of hosted Supabase: the same SQL functions over PostgREST's /rpc with the
// secret key (test/server/stand-in-postgrest.ts), on a real database of each kind; the public
// roles may call none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { standInProject, type StandInProject } from '../../test/server/stand-in-postgrest.ts'
import type { Database } from '../db/database.ts'
import { restInviteAdmin, type InviteAdmin } from './invite-admin.ts'

describe.each(databaseVariants)('invite waves over the hosted RPC, on $name', (variant) => {
  let project: StandInProject
  let db: Database
  let hosted: InviteAdmin

  beforeAll(async () => {
    project = await standInProject(variant, /^invites_[a-z_]+$/)
    db = project.db
    hosted = restInviteAdmin(project)
    await db.query(
      `insert into public.waitlist (email, role, created_at, confirmed_at)
       values ('ana@empresa.example', 'Head of People', now() - interval '2 hours', now()),
              ('bruno@empresa.example', 'Engineering Manager', now() - interval '1 hour', now()),
              ('carla@empresa.example', 'Team lead', now(), null)`,
    )
  }, 60_000)

  afterAll(() => project?.close())

  it('previews, sends once under one id, lists, and records activations', async () => {
    expect(await hosted.preview('pHosted', 5)).toMatchObject({
      waiting: 2,
      people: [{ email: 'ana@empresa.example', locale: 'pt' }, { email: 'bruno@empresa.example' }],
    })
    const id = crypto.randomUUID()
    expect(await hosted.sendWave('pHosted', id, 1)).toMatchObject({ repeated: false, wave: { id, invited: 1 } })
    expect(await hosted.sendWave('pHosted', id, 1)).toMatchObject({ repeated: true, wave: { id, invited: 1 } })
    expect(await hosted.waves()).toEqual([
      expect.objectContaining({ id, requested: 1, invited: 1, activated: 0, mail: { pending: 1, sent: 0, failed: 0 } }),
    ])
    const [ana] = (await hosted.people('pHosted', id)) ?? []
    expect(ana).toMatchObject({ email: 'ana@empresa.example', activatedAt: null, mailStatus: 'pending' })
    expect(await hosted.people('pHosted', crypto.randomUUID())).toBeNull()

    const { rows } = await db.query<{ code: string }>('select code from invites.invitations')
    expect(await hosted.activate(rows[0]!.code)).toBe('activated')
    expect(await hosted.activate(rows[0]!.code)).toBe('already')
    expect(await hosted.activate('f'.repeat(32))).toBeNull()
    expect(await hosted.markActivated('pHosted', ana!.id)).toBe(true)
    expect(await hosted.markActivated('pHosted', crypto.randomUUID())).toBe(false)
    expect((await hosted.waves())[0]).toMatchObject({ activated: 1 })
  })

  it('lets neither anon nor an invalid request through', async () => {
    for (const call of [
      'select public.invites_list_waves()',
      `select public.invites_activate('${'0'.repeat(32)}')`,
      `select invites.next_candidates(1)`,
    ]) {
      await expect(db.queryAsAnon(call)).rejects.toThrow(/permission denied/)
    }
    await expect(hosted.preview('pHosted', 0)).rejects.toThrow(/1 to 1000/)
    await expect(hosted.sendWave('pHosted', crypto.randomUUID(), 1001)).rejects.toThrow(/1 to 1000/)
  })
})
