// One place in line per inbox (issue 37; docs/decisions/0061-one-place-per-inbox.md), on both
// databases, through the public role's insert as PostgREST runs it (the same SQL on hosted Supabase):
// the spellings guard.mailbox_key joins (Gmail's dots and +tags, googlemail.com, +tags where the
// provider ignores them) are one place; a second spelling is answered as a repeat sign-up (201, no
// new row), and the referral, the invite wave and the export each see one person.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

const SPELLINGS = [
  'joao.silva@gmail.com',
  'joaosilva@gmail.com',
  'joao.silva+pulso@gmail.com',
  'j.o.a.o.silva@googlemail.com',
  'JoaoSilva+launch@gmail.com',
]

describe.each(databaseKinds)('one place per inbox on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
  })
  afterAll(() => database?.close())

  /** An insert as the public key makes it, answered as PostgREST answers it (the status the statement set, else 201). */
  const signUp = async (email: string, ref?: string) => {
    const { rows } = await database.db.queryAsAnon<{ status: string | null }>(
      `with added as (insert into public.waitlist (email, role, ref) values ($1, 'Head de Pessoas', $2) returning 1)
       select count(*), nullif(current_setting('response.status', true), '') as status from added`,
      [email, ref ?? null],
    )
    return Number(rows[0]?.status ?? 201)
  }
  const placesOfTheInbox = async () =>
    (
      await database.db.query<{ email: string }>(
        `select email from public.waitlist where guard.mailbox_key(email) = guard.mailbox_key($1) order by created_at`,
        [SPELLINGS[0]],
      )
    ).rows.map((row) => row.email)

  it('keeps five spellings of one Gmail inbox as one place, answering each as a first sign-up', async () => {
    const { db } = database
    // Rita refers João: her code comes with her confirmation.
    await db.query(`insert into public.waitlist (email, role, confirmed_at) values ('rita@empresa.example', 'CTO', now())`)
    const { rows: codes } = await db.query<{ code: string }>(
      `select p.code from referrals.people as p join public.waitlist as w on w.id = p.waitlist_id where w.email = 'rita@empresa.example'`,
    )
    const code = codes[0]!.code

    const answers = []
    for (const spelling of SPELLINGS) answers.push(await signUp(spelling, code))
    expect(answers).toEqual([201, 201, 201, 201, 201])
    expect(await placesOfTheInbox()).toEqual([SPELLINGS[0]])

    // The referral sees one colleague.
    const { rows: referrals } = await db.query<{ referred: string }>(
      `select w.email as referred from referrals.referrals as r join public.waitlist as w on w.id = r.referred_id`,
    )
    expect(referrals).toEqual([{ referred: SPELLINGS[0] }])

    // The export sees one row for the inbox.
    const { rows: exported } = await db.query<{ email: string }>(`select email from operator.waitlist_export('pTester')`)
    expect(exported.map((row) => row.email).sort()).toEqual([SPELLINGS[0], 'rita@empresa.example'].sort())

    // A wave of everyone confirmed invites the inbox once.
    await db.query(`update public.waitlist set confirmed_at = now() where email = $1`, [SPELLINGS[0]])
    await db.query(`select invites.send_wave('pTester', $1, 1000)`, [randomUUID()])
    const { rows: invited } = await db.query<{ email: string }>(
      `select w.email from invites.invitations as i join public.waitlist as w on w.id = i.waitlist_id
       where guard.mailbox_key(w.email) = guard.mailbox_key($1)`,
      [SPELLINGS[3]],
    )
    expect(invited).toEqual([{ email: SPELLINGS[0] }])
  })

  it('welcomes the inbox once, under the spelling that is listed, whichever spelling asks', async () => {
    const { db } = database
    const welcome = async (address: string) =>
      (
        await db.query<{ outcome: string }>(
          `select outcome from guard.record_welcome('{}'::json, $1, 'João', 'pt', null, null)`,
          [address],
        )
      ).rows[0]?.outcome
    expect(await signUp('maria.souza@gmail.com')).toBe(201)
    // The first welcome asked for is recorded, whichever spelling asks; every other is a repeat.
    expect(await welcome('MariaSouza+news@googlemail.com')).toBe('recorded')
    expect(await welcome('maria.souza@gmail.com')).toBe('already')
    expect(await welcome('m.a.r.i.a.souza@gmail.com')).toBe('already')
    const { rows } = await db.query<{ email: string }>(
      `select e.email from public.welcome_emails as e where guard.mailbox_key(e.email) = 'mariasouza@gmail.com'`,
    )
    expect(rows).toEqual([{ email: 'maria.souza@gmail.com' }])
  })

  it('leaves places listed twice before this rule as they are, and lists them for the operators', async () => {
    const { db } = database
    // A place listed before the rule: another address, whose spelling is changed to the inbox's (no insert runs).
    await db.query(`insert into public.waitlist (email, role) values ('someone.else@empresa.example', 'CTO')`)
    await db.query(`update public.waitlist set email = 'joao.silva+old@gmail.com' where email = 'someone.else@empresa.example'`)
    expect(await placesOfTheInbox()).toEqual([SPELLINGS[0], 'joao.silva+old@gmail.com'])
    // The query docs/operations.md gives, "Places listed twice".
    const { rows } = await db.query<{ inbox: string; places: number }>(
      `select guard.mailbox_key(email) as inbox, count(*)::int as places, array_agg(email order by created_at) as spellings
       from public.waitlist group by 1 having count(*) > 1 order by 1`,
    )
    expect(rows).toEqual([expect.objectContaining({ inbox: 'joaosilva@gmail.com', places: 2 })])
  })
})
