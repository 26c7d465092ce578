// Referrals on both databases, through the real HTTP calls (docs/product.md §13, issue 26's checks):
// an attack corpus of 200 sign-ups carrying one referrer's code credits nothing and holds the
// same-network ones with their reasons; 20 confirmed referrals from distinct networks move their
// referrer exactly min(20 × N, place − 1), and the place in their email, on their status page and
// in SQL agree, in pt and en; the next invite wave takes the new order; a friend who leaves takes
// the referral with them, mail given up on revokes it; the hourly share holds; N = 0 moves nobody;
// the public key reads none of it.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createServer, type PulsoServer } from '../create-server.ts'
import type { PageRenderer } from '../site/page-renderer.ts'
import { databaseVariants } from '../../test/database/database-variants.ts'
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../test/mail/smtp-inbox.ts'
import { launchCookie, STUDIO_ORIGIN } from '../../test/server/launch-session.ts'
import { referralTraffic, type Origin, type ReferralTraffic } from '../../test/ground-truth/referral-traffic.ts'
import type { ReferralReview } from './referral-admin.ts'
import type { WavePreview } from '../invites/invite-admin.ts'
import { sweepNow } from '../../test/server/sweep-now.ts'

const SITE_URL = 'https://pulso.test'
const EDITOR_TOKEN = 'a-local-editor-token-for-tests'
/** The seed's places per credited referral (studio/seed/data.ndjson, referralSettings). */
const N = 10
const FRIENDS = 20

/** What the server asked the renderer for, so a test reads the page's facts instead of its markup. */
const renderer: PageRenderer = {
  render: ({ path, signup, referral }) => ({
    status: 200,
    html: JSON.stringify({ path, link: signup?.link ?? null, standing: signup?.standing ?? null, referral: referral ?? null }),
    sources: { script: [], style: [] },
  }),
}

const from = (address: string, userAgent = `Mozilla/5.0 (${address})`): Origin => ({ address, userAgent })

describe.each(databaseVariants)('referrals on $name', ({ database }) => {
  let workDir: string
  let inbox: SmtpInbox
  let dropDatabase: (() => Promise<void>) | undefined
  let server: PulsoServer
  let baseUrl: string
  let traffic: ReferralTraffic
  let cookie: string

  const backend = () => {
    if (!server.signups) throw new Error('this server should answer the sign-ups itself')
    return server.signups
  }
  const sql = async <T>(text: string, params: unknown[] = []) => (await backend().db.query<T>(text, params)).rows

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'pulso-referrals-'))
    await mkdir(join(workDir, 'dist', 'client'), { recursive: true })
    inbox = await startSmtpInbox()
    const throwaway = await database()
    dropDatabase = throwaway.drop
    const config = loadConfig({
      DATA_DIR: join(workDir, 'data'),
      SITE_URL,
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Pulso <boas-vindas@pulso.test>',
      MAIL_SWEEP_SECONDS: '3600',
      MAIL_RATE_PER_SECOND: '1000',
      CAPTCHA: 'off',
      // Each person's address is the one the proxy in front names (traffic sets it per request).
      TRUST_PROXY: 'true',
      SIGNUP_LIMIT: '100000/1m',
      WELCOME_LIMIT_PER_CLIENT: '100000/1m',
      // The attacker confirms every spelling of their own inbox: each must get its welcome.
      WELCOME_LIMIT_PER_RECIPIENT: '100000/1h',
      // 20 honest referrals land within minutes here; the hourly share has a test of its own.
      REFERRAL_CREDITS_PER_HOUR: String(FRIENDS),
      REFERRAL_EMAIL_GAP_MINUTES: '0',
      SANITY_LOCAL_EDITOR_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: 'a-local-viewer-token-for-tests',
      LOG_LEVEL: 'silent',
      ...throwaway.env,
    })
    server = await createServer(config, { distDir: join(workDir, 'dist'), renderer })
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' })
    traffic = referralTraffic({ baseUrl, siteUrl: SITE_URL, inbox })
    cookie = await launchCookie(baseUrl, EDITOR_TOKEN)
  }, 60_000)

  afterAll(async () => {
    await server?.app.close()
    await inbox?.close()
    await dropDatabase?.()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  const sweep = () => sweepNow(backend().sender)

  async function tool<T>(path: string, method = 'GET') {
    const response = await fetch(`${baseUrl}/api/launch${path}`, { method, headers: { cookie, origin: STUDIO_ORIGIN } })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }

  const idOf = async (email: string) =>
    (await sql<{ id: string }>('select id from public.waitlist where lower(email) = lower($1)', [email]))[0]!.id
  const codeOf = async (email: string) =>
    (await sql<{ code: string }>('select code from referrals.people where waitlist_id = $1', [await idOf(email)]))[0]!.code

  /** The place in SQL, found two ways that must agree: the fast lookup and the full ranking the waves use. */
  async function placeInSql(email: string): Promise<number | null> {
    const id = await idOf(email)
    const [row] = await sql<{ fast: string | null; ranked: string | null }>(
      `select referrals.place_of($1) as fast, (select place from referrals.ranking(1000000) where waitlist_id = $1) as ranked`,
      [id],
    )
    expect(row?.fast).toBe(row?.ranked)
    return row?.fast === null || row?.fast === undefined ? null : Number(row.fast)
  }

  /** The newest place email a person received. */
  const lastPlaceEmail = (email: string): ReceivedMail => {
    const mail = inbox.to(email).findLast((message) => /\/(indicacoes|en\/referrals)\?token=/.test(message.text))
    if (!mail) throw new Error(`no place email for ${email}`)
    return mail
  }
  const placeIn = (mail: ReceivedMail) => Number(/(?:nº |#)(\d+) (?:de|of) \d+/.exec(mail.text)?.[1])

  /** The status page the email links to, as the server rendered it (facts, not markup). */
  async function statusPage(mail: ReceivedMail, origin: Origin) {
    const path = traffic.linkIn(mail, mail.text.includes('/en/referrals') ? '/en/referrals' : '/indicacoes')
    const { status, body } = await traffic.open(path, origin)
    const page = JSON.parse(body) as {
      referral: { locale: string; view: { state: string; standing?: { place: number; credited: number; referralLink: string } } }
    }
    return { status, path, locale: page.referral.locale, ...page.referral.view }
  }

  async function joinAndConfirm(person: Parameters<ReferralTraffic['join']>[0], confirmFrom: Origin = person) {
    await traffic.join(person)
    await sweep()
    expect(await traffic.confirm(person.email, confirmFrom)).toBe(200)
  }

  const statuses = async (referrer: string) =>
    sql<{ status: string; reason: string | null; count: number }>(
      `select status, reason, count(*)::int as count from referrals.referrals where referrer_id = $1
       group by status, reason order by status, reason`,
      [await idOf(referrer)],
    )

  describe('an attack corpus of 200 sign-ups with one referrer’s code', () => {
    const referrer = {
      email: 'rafael.costa@gmail.com',
      name: 'Rafael Costa',
      lang: 'pt' as const,
      ...from('203.0.113.10', 'Firefox R'),
    }
    // Spellings of the referrer's own inbox: repeats of their sign-up (one place per inbox, decision
    // 0061), so no place, no referral and no welcome of their own.
    const gmailVariants = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 0
        ? `rafaelcosta+${i}@gmail.com`
        : i % 4 === 1
          ? `r.a.f.a.e.l.c.o.s.t.a+${i}@gmail.com`
          : i % 4 === 2
            ? `rafael.costa+promo${i}@googlemail.com`
            : `RAFAEL.COSTA+${i}@GMAIL.COM`,
    )
    const disposableDomains = ['mailinator.com', 'yopmail.com', 'guerrillamail.com', '10minutemail.com', 'temp-mail.org']
    const disposable = disposableDomains.flatMap((domain, d) => Array.from({ length: 10 }, (_, i) => `colega${d}x${i}@${domain}`))
    const sameAddress = Array.from({ length: 50 }, (_, i) => `pessoa${i}@empresa${i}.example`)
    const neverConfirmed = Array.from({ length: 60 }, (_, i) => `quieto${i}@firma${i}.example`)
    let placeBefore: number | null

    beforeAll(async () => {
      await joinAndConfirm(referrer)
      placeBefore = await placeInSql(referrer.email)
      const code = await codeOf(referrer.email)
      const farm = (email: string, origin: Origin) => traffic.join({ email, name: 'Ana Lima', lang: 'pt', ref: code, ...origin })
      let network = 0
      const elsewhere = () => {
        network += 1
        return from(`198.51.${network}.${(network % 200) + 20}`)
      }
      const origins = new Map<string, Origin>()
      for (const email of [...gmailVariants, ...disposable, ...neverConfirmed]) origins.set(email, elsewhere())
      // 50 from the referrer's own address within a minute: half from their browser too.
      sameAddress.forEach((email, i) =>
        origins.set(email, from(referrer.address, i % 2 === 0 ? referrer.userAgent : `Chrome ${i}`)),
      )
      const started = performance.now()
      for (const email of sameAddress) await farm(email, origins.get(email)!)
      expect(performance.now() - started).toBeLessThan(60_000)
      for (const email of [...gmailVariants, ...disposable, ...neverConfirmed]) await farm(email, origins.get(email)!)
      await sweep()
      for (const email of [...disposable, ...sameAddress]) {
        expect(await traffic.confirm(email, origins.get(email)!)).toBe(200)
      }
      await sweep()
    }, 300_000)

    it('credits none of them and moves the referrer nowhere', async () => {
      const referrals = await statuses(referrer.email)
      expect(referrals.reduce((sum, row) => sum + row.count, 0)).toBe(160)
      expect(referrals.filter((row) => row.status === 'credited')).toEqual([])
      expect(referrals).toEqual([
        { status: 'held', reason: 'same_network', count: 25 },
        { status: 'held', reason: 'same_visitor', count: 25 },
        { status: 'pending', reason: null, count: 60 },
        { status: 'refused', reason: 'disposable_domain', count: 50 },
      ])
      const ownInbox = await sql<{ email: string }>(
        'select email from public.waitlist where guard.mailbox_key(email) = guard.mailbox_key($1)',
        [referrer.email],
      )
      expect(ownInbox).toEqual([{ email: referrer.email }])
      expect(gmailVariants.filter((email) => inbox.to(email).length > 0)).toEqual([])
      expect(await placeInSql(referrer.email)).toBe(placeBefore)
      const mail = lastPlaceEmail(referrer.email)
      expect(placeIn(mail)).toBe(placeBefore)
      expect(mail.text).toContain('Colegas que entraram pelo seu link e confirmaram: 0')
    })

    it('lists the same-network ones in the Launch tool with their reason, and the counts', async () => {
      const { status, body } = await tool<ReferralReview>('/referrals')
      expect(status).toBe(200)
      expect(body.counts).toMatchObject({ credited: 0, held: 50, refused: 50, pending: 60 })
      expect(body.held).toHaveLength(50)
      expect(new Set(body.held.map((held) => held.referrer.email))).toEqual(new Set([referrer.email]))
      expect(new Set(body.held.map((held) => held.email))).toEqual(new Set(sameAddress))
      expect(body.held.filter((held) => held.reason === 'same_visitor')).toHaveLength(25)
      expect(body.held.filter((held) => held.reason === 'same_network')).toHaveLength(25)
    })

    it('credits a held one an operator accepts, and never one rejected, under their name in the audit', async () => {
      const { body } = await tool<ReferralReview>('/referrals')
      const [accepted, rejected] = body.held
      expect((await tool(`/referrals/${accepted!.id}/accept`, 'POST')).status).toBe(204)
      expect((await tool(`/referrals/${rejected!.id}/reject`, 'POST')).status).toBe(204)
      expect((await tool(`/referrals/${rejected!.id}/accept`, 'POST')).status).toBe(404)
      expect((await tool(`/referrals/${crypto.randomUUID()}/reject`, 'POST')).status).toBe(404)
      // A malformed id or decision is a bad request, refused by the route's schema with the reason.
      expect((await tool(`/referrals/not-an-id/accept`, 'POST')).status).toBe(400)
      expect((await tool(`/referrals/${accepted!.id}/approve`, 'POST')).status).toBe(400)
      const after = await tool<ReferralReview>('/referrals')
      expect(after.body.counts).toMatchObject({ credited: 1, held: 48, rejected: 1 })
      const standing = await sql<{ credited: number }>('select credited from referrals.people where waitlist_id = $1', [
        await idOf(referrer.email),
      ])
      expect(standing[0]?.credited).toBe(1)
      const audit = await tool<{ entries: { action: string; actor: string }[] }>('/audit')
      expect(audit.body.entries.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['referrals.held.read', 'referral.accepted', 'referral.rejected']),
      )
    })

    it('keeps no address: only day-keyed hashes, which go after 48 hours', async () => {
      const leaks = await sql<{ source: string }>(
        `select 'waitlist' as source from public.waitlist as t where t::text like '%203.0.113.%' or t::text like '%198.51.%'
         union all select 'outbox' from public.welcome_emails as t where t::text like '%203.0.113.%'
         union all select 'people' from referrals.people as t where t::text like '%203.0.113.%'
         union all select 'referrals' from referrals.referrals as t where t::text like '%203.0.113.%'
         union all select 'sightings' from referrals.sightings as t where t::text like '%203.0.113.%'`,
      )
      expect(leaks).toEqual([])
      const [hashes] = await sql<{ sightings: number; signups: number }>(
        `select (select count(*)::int from referrals.sightings) as sightings,
                (select count(signup_seen)::int from public.waitlist) as signups`,
      )
      expect(hashes!.sightings).toBeGreaterThan(0)
      expect(hashes!.signups).toBeGreaterThan(160)
      // 49 hours on, for the sightings and the sign-ups (then back, for the tests that follow).
      await sql(`update referrals.sightings set seen_at = now() - interval '49 hours'`)
      await sql(`update public.waitlist set created_at = created_at - interval '49 hours'`)
      const [forgotten] = await sql<{ forgotten: number }>('select referrals.forget_sightings() as forgotten')
      await sql(`update public.waitlist set created_at = created_at + interval '49 hours'`)
      expect(forgotten!.forgotten).toBe(hashes!.sightings + hashes!.signups)
      const [left] = await sql<{ count: number }>('select count(signup_seen)::int as count from public.waitlist')
      expect(left!.count).toBe(0)
    })
  })

  describe(`${FRIENDS} confirmed referrals from distinct networks`, () => {
    // A (pt) first, then B (en), who stands ahead of A before anyone is credited and behind A's new place after.
    const ana = { email: 'ana.souza@empresa.example', name: 'Ana Souza', lang: 'pt' as const, ...from('192.0.2.30') }
    const bob = { email: 'bob.smith@company.example', name: 'Bob Smith', lang: 'en' as const, ...from('192.0.2.20') }
    const friendsOf = (tag: string, second: number, lang: 'pt' | 'en') =>
      Array.from({ length: FRIENDS }, (_, i) => ({
        email: `${tag}-friend-${i}@team${i}.example`,
        name: lang === 'pt' ? 'Carla Dias' : 'Carol Day',
        lang,
        ...from(`198.${second}.${i + 1}.7`, `Safari ${tag} ${i}`),
      }))
    const confirmedBy = async (referrer: { email: string }, friends: ReturnType<typeof friendsOf>) => {
      const code = await codeOf(referrer.email)
      for (const friend of friends) await traffic.join({ ...friend, ref: code })
      await sweep()
      for (const friend of friends) expect(await traffic.confirm(friend.email, friend)).toBe(200)
      await sweep()
    }

    it('are all credited, and the referrer moves up exactly min(20 × N, place − 1): the email, the status page and SQL agree (pt)', async () => {
      await joinAndConfirm(bob)
      await joinAndConfirm(ana)
      // A line long enough for A to move the full 20 × N: people who joined between B and A, and after A.
      await sql(
        `insert into public.waitlist (email, role, created_at, confirmed_at)
         select 'between-' || i || '@line.example', 'Lead',
                b.created_at + (a.created_at - b.created_at) * (i / 252.0)::float8, now()
         from generate_series(1, 250) as i,
              (select created_at from public.waitlist where email = $1) as b,
              (select created_at from public.waitlist where email = $2) as a`,
        [bob.email, ana.email],
      )
      const before = (await placeInSql(ana.email))!
      expect(before).toBeGreaterThan(FRIENDS * N + 1)

      await confirmedBy(ana, friendsOf('ana', 18, 'pt'))
      expect(await statuses(ana.email)).toEqual([{ status: 'credited', reason: null, count: FRIENDS }])
      const after = await placeInSql(ana.email)
      expect(before - after!).toBe(Math.min(FRIENDS * N, before - 1))

      const mail = lastPlaceEmail(ana.email)
      expect(mail.subject).toBe(`Você é o nº ${after} na fila do Pulso`)
      expect(placeIn(mail)).toBe(after)
      expect(mail.text).toContain(`Colegas que entraram pelo seu link e confirmaram: ${FRIENDS}`)
      const page = await statusPage(mail, ana)
      expect(page).toMatchObject({ status: 200, locale: 'pt', state: 'done', standing: { place: after, credited: FRIENDS } })
      expect(page.standing?.referralLink).toBe(`${SITE_URL}/?ref=${await codeOf(ana.email)}`)
    }, 300_000)

    it('…and in en, where the move stops at the head of the line', async () => {
      const before = (await placeInSql(bob.email))!
      expect(before).toBeLessThanOrEqual(FRIENDS * N)
      const anaBefore = await placeInSql(ana.email)
      await confirmedBy(bob, friendsOf('bob', 19, 'en'))
      const after = await placeInSql(bob.email)
      expect(before - after!).toBe(Math.min(FRIENDS * N, before - 1))
      expect(after).toBe(1)
      // B stood ahead of A before either moved, and still does: A's place is as it was.
      expect(await placeInSql(ana.email)).toBe(anaBefore)

      const mail = lastPlaceEmail(bob.email)
      expect(mail.subject).toBe('You’re #1 in the Pulso line')
      expect(placeIn(mail)).toBe(1)
      const page = await statusPage(mail, bob)
      expect(page).toMatchObject({ status: 200, locale: 'en', standing: { place: 1, credited: FRIENDS } })
      expect(page.standing?.referralLink).toBe(`${SITE_URL}/en?ref=${await codeOf(bob.email)}`)
    }, 300_000)

    it('answers 404 to a forged or altered status link', async () => {
      const path = traffic.linkIn(lastPlaceEmail(ana.email), '/indicacoes')
      const token = new URL(path, SITE_URL).searchParams.get('token')!
      const [purpose, id, expiry, signature] = token.split('.')
      const altered = [
        `${purpose}.${crypto.randomUUID()}.${expiry}.${signature}`,
        `${purpose}.${id}.${Number(expiry) + 1}.${signature}`,
        `confirm.${id}.${expiry}.${signature}`,
        `${purpose}.${id}.${expiry}.${signature!.slice(0, -2)}AA`,
        'status.nonsense',
      ]
      for (const forged of altered) {
        const { status } = await traffic.open(`/indicacoes?token=${encodeURIComponent(forged)}`, ana)
        expect(status, forged).toBe(404)
      }
      expect((await traffic.open('/en/referrals', ana)).status).toBe(404)
    })

    it('shows the leaderboard only when it is on: masked names and counts, nothing else', async () => {
      expect((await traffic.open('/indicacoes/ranking', ana)).status).toBe(404)
      await sql('select referrals.note_settings($1, true)', [N])
      const { status, body } = await traffic.open('/en/referrals/leaderboard', ana)
      expect(status).toBe(200)
      const board = (JSON.parse(body) as { referral: { view: { leaderboard: unknown[] } } }).referral.view.leaderboard
      // Equal counts: the one who joined first comes first.
      expect(board.slice(0, 2)).toEqual([
        { name: 'B*** S.', credited: FRIENDS },
        { name: 'A*** S.', credited: FRIENDS },
      ])
      expect(JSON.stringify(board)).not.toMatch(/@|Souza|Smith|Ana|Bob/)
      await sql('select referrals.note_settings($1, false)', [N])
    })

    it('moves nobody while places per referral is 0, and counts all the same', async () => {
      const moved = await placeInSql(ana.email)
      await sql('select referrals.note_settings(0, false)')
      const [joined] = await sql<{ place: string }>(
        `select count(*) + 1 as place from referrals.people as p, referrals.people as me
         where me.waitlist_id = $1 and p.waiting and (p.joined_at, p.waitlist_id) < (me.joined_at, me.waitlist_id)`,
        [await idOf(ana.email)],
      )
      expect(await placeInSql(ana.email)).toBe(Number(joined!.place))
      const page = await statusPage(lastPlaceEmail(ana.email), ana)
      expect(page.standing).toMatchObject({ credited: FRIENDS, placesPerReferral: 0 })
      await sql('select referrals.note_settings($1, false)', [N])
      expect(await placeInSql(ana.email)).toBe(moved)
    })

    it('sends the next invite wave in the new order', async () => {
      const ranking = await sql<{ waitlist_id: string }>('select waitlist_id from referrals.ranking(300)')
      const preview = await tool<WavePreview>('/invites/next?count=300')
      expect(preview.body.people.map((person) => person.id)).toEqual(ranking.map((row) => row.waitlist_id))
      expect(preview.body.people[0]?.email).toBe(bob.email)
      const anaPlace = (await placeInSql(ana.email))!
      expect(preview.body.people[anaPlace - 1]?.email).toBe(ana.email)

      const wave = await fetch(`${baseUrl}/api/launch/invites/waves`, {
        method: 'POST',
        headers: { cookie, origin: STUDIO_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ id: crypto.randomUUID(), count: anaPlace }),
      })
      expect(wave.status).toBe(201)
      const invited = await sql<{ waitlist_id: string }>('select waitlist_id from invites.invitations')
      expect(new Set(invited.map((row) => row.waitlist_id))).toEqual(
        new Set(ranking.slice(0, anaPlace).map((row) => row.waitlist_id)),
      )
      expect(await placeInSql(ana.email)).toBeNull()
      const page = await statusPage(lastPlaceEmail(ana.email), ana)
      expect(page.standing).toMatchObject({ place: null, credited: FRIENDS })
    })
  })

  describe('what takes a credit back, and what holds it', () => {
    const carla = { email: 'carla.dias@agencia.example', name: 'Carla Dias', lang: 'pt' as const, ...from('192.0.2.40') }

    it('takes the referral away with a friend who leaves the list, and revokes it when their mail is refused for good', async () => {
      await joinAndConfirm(carla)
      const code = await codeOf(carla.email)
      const leaving = { email: 'sai@saida.example', name: 'Davi Reis', lang: 'pt' as const, ref: code, ...from('198.20.1.7') }
      const bouncing = {
        email: 'volta@devolve.example',
        name: 'Eva Lopes',
        lang: 'pt' as const,
        ref: code,
        ...from('198.20.2.7'),
      }
      await joinAndConfirm(leaving)
      await traffic.join(bouncing)
      await sweep()
      // Their welcome arrived, then the mailbox went away: the place email after confirming is refused for good.
      inbox.refused.add(bouncing.email)
      expect(await traffic.confirm(bouncing.email, bouncing)).toBe(200)
      expect(await statuses(carla.email)).toEqual([{ status: 'credited', reason: null, count: 2 }])
      await sweep()
      expect(await statuses(carla.email)).toEqual([
        { status: 'credited', reason: null, count: 1 },
        { status: 'revoked', reason: 'mail_given_up', count: 1 },
      ])

      const [leaveWelcome] = inbox.to(leaving.email)
      const remove = traffic.linkIn(leaveWelcome!, '/descadastrar')
      const removed = await fetch(`${baseUrl}${remove}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect(removed.status).toBe(200)
      expect(await statuses(carla.email)).toEqual([{ status: 'revoked', reason: 'mail_given_up', count: 1 }])
      const [row] = await sql<{ credited: number }>('select credited from referrals.people where waitlist_id = $1', [
        await idOf(carla.email),
      ])
      expect(row?.credited).toBe(0)
    }, 120_000)

    it('holds credits beyond the referrer’s share of an hour', async () => {
      await sql('update referrals.settings set credits_per_hour = 2')
      const code = await codeOf(carla.email)
      for (let i = 0; i < 3; i++) {
        await joinAndConfirm({
          email: `hora${i}@hora${i}.example`,
          name: 'Gil Melo',
          lang: 'pt',
          ref: code,
          ...from(`198.21.${i + 1}.7`),
        })
      }
      await sql('update referrals.settings set credits_per_hour = $1', [FRIENDS])
      const rows = await statuses(carla.email)
      expect(rows.find((row) => row.status === 'credited')?.count).toBe(2)
      expect(rows.find((row) => row.status === 'held')).toEqual({ status: 'held', reason: 'hourly_limit', count: 1 })
    }, 120_000)

    it('shows a confirmed person their place and personal link on the page their confirm link opens', async () => {
      const [welcome] = inbox.to(carla.email)
      const { status, body } = await traffic.open(traffic.linkIn(welcome!, '/confirmar'), carla)
      expect(status).toBe(200)
      const page = JSON.parse(body) as { link: string; standing: { place: number; referralLink: string } }
      expect(page.link).toBe('done')
      expect(page.standing.place).toBe(await placeInSql(carla.email))
      expect(page.standing.referralLink).toBe(`${SITE_URL}/?ref=${await codeOf(carla.email)}`)
    })
  })

  it('lets the public key read none of it', async () => {
    const id = await idOf('ana.souza@empresa.example')
    for (const statement of [
      'select * from referrals.people',
      'select * from referrals.referrals',
      'select * from referrals.sightings',
      `select referrals.place_of('${id}')`,
      `select referrals.standing('${id}')`,
      `select public.referrals_held('pEditor')`,
      `select * from invites.next_candidates(10)`,
    ]) {
      await expect(backend().db.queryAsAnon(statement), statement).rejects.toThrow(/permission denied/)
    }
    const rpc = await fetch(`${baseUrl}/rest/v1/rpc/referrals_held`, {
      method: 'POST',
      headers: { apikey: 'local-anon-key', 'content-type': 'application/json' },
      body: '{"p_actor":"x"}',
    })
    expect(rpc.status).toBeGreaterThanOrEqual(400)
  })
})
