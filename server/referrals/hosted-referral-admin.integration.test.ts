// The referral review in front of hosted Supabase: the same SQL functions over PostgREST's /rpc with
// the secret key (test/server/stand-in-postgrest.ts), on a real database of each kind; the public
// roles may call none of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { standInProject, type StandInProject } from '../../test/server/stand-in-postgrest.ts'
import type { Database } from '../db/database.ts'
import { restReferralAdmin, type ReferralAdmin } from './referral-admin.ts'

describe.each(databaseVariants)('the referral review over the hosted RPC, on $name', (variant) => {
  let project: StandInProject
  let db: Database
  let hosted: ReferralAdmin

  beforeAll(async () => {
    project = await standInProject(variant, /^referrals_[a-z_]+$/)
    db = project.db
    hosted = restReferralAdmin(project)
    // Ana refers two colleagues from her own network (as PostgREST would hand the insert its headers); both confirm.
    await db.query(
      `insert into public.waitlist (email, role, confirmed_at) values ('ana@empresa.example', 'Head of People', now())`,
    )
    const { rows } = await db.query<{ id: string; code: string }>(
      `select w.id, p.code from public.waitlist w join referrals.people p on p.waitlist_id = w.id where w.email = 'ana@empresa.example'`,
    )
    await db.query('select referrals.note_sighting($1, $2::json)', [
      rows[0]!.id,
      '{"x-forwarded-for":"203.0.113.5","user-agent":"A"}',
    ])
    for (const colleague of ['bia@empresa.example', 'caio@empresa.example']) {
      await db.transaction(async (tx) => {
        await tx.query(`select set_config('request.headers', '{"x-forwarded-for":"203.0.113.9","user-agent":"B"}', true)`)
        await tx.query(`insert into public.waitlist (email, role, ref) values ($1, 'Lead', $2)`, [colleague, rows[0]!.code])
      })
      await db.query(`select referrals.confirm_place(id, false, null) from public.waitlist where email = $1`, [colleague])
    }
  }, 60_000)

  afterAll(() => project?.close())

  it('lists the held referrals with their reason, and takes an operator’s decision once', async () => {
    const review = await hosted.review('pHosted')
    expect(review.counts).toMatchObject({ held: 2, credited: 0 })
    expect(review.held.map((held) => [held.email, held.referrer.email, held.reason])).toEqual([
      ['bia@empresa.example', 'ana@empresa.example', 'same_network'],
      ['caio@empresa.example', 'ana@empresa.example', 'same_network'],
    ])
    expect(await hosted.decide('pHosted', review.held[0]!.id, true)).toBe(true)
    expect(await hosted.decide('pHosted', review.held[0]!.id, false)).toBe(false)
    expect(await hosted.decide('pHosted', review.held[1]!.id, false)).toBe(true)
    expect((await hosted.review('pHosted')).counts).toMatchObject({ held: 0, credited: 1, rejected: 1 })
    const { rows } = await db.query<{ action: string }>(`select action from operator.audit where actor = 'pHosted' order by id`)
    expect(rows.map((row) => row.action)).toEqual([
      'referrals.held.read',
      'referral.accepted',
      'referral.rejected',
      'referrals.held.read',
    ])
  })

  it('lets neither anon nor another key through', async () => {
    for (const call of [
      `select public.referrals_held('x')`,
      `select public.referrals_decide_held('x', gen_random_uuid(), true)`,
    ]) {
      await expect(db.queryAsAnon(call)).rejects.toThrow(/permission denied/)
    }
    const intruder = restReferralAdmin({
      url: project.url,
      secretKey: 'sb_publishable_not-the-secret',
    })
    await expect(intruder.review('pHosted')).rejects.toThrow()
  })
})
