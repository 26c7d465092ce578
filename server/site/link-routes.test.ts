// The personal links' pages when hosted Supabase holds the sign-ups: the page stays on this site,
// the work is forwarded to the waitlist-links edge function with the project's public key.
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createServer, type PulsoServer } from '../create-server.ts'
import { matchRoute } from '../../web/src/shared/routes.ts'
import { linkPaths } from '../../supabase/functions/_shared/links/link-pages.ts'
import { linkPurposes } from '../../supabase/functions/_shared/links/link-token.ts'
import { leaderboardPaths } from './referral-pages.ts'
import { locales } from '../../schemas/locales.ts'

describe('the personal links’ addresses', () => {
  it('are the ones the site serves their pages at, in the welcome’s language', () => {
    for (const purpose of linkPurposes) {
      for (const locale of locales) expect(matchRoute(linkPaths[purpose][locale])).toEqual({ page: purpose, locale })
    }
  })

  it('keep the referral pages out of the browser’s router, so the landing page’s script knows nothing of them', () => {
    for (const locale of locales) {
      expect(matchRoute(linkPaths.status[locale]).page).toBe('notFound')
      expect(matchRoute(leaderboardPaths[locale]).page).toBe('notFound')
    }
  })
})

interface Forwarded {
  path: string
  apikey: string | undefined
  body: unknown
}

describe('with hosted Supabase', () => {
  let functions: Server
  let answer: { status: number; body: string } = { status: 200, body: '{"state":"ready"}' }
  const forwarded: Forwarded[] = []
  let workDir: string
  let server: PulsoServer

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    return JSON.parse(Buffer.concat(chunks).toString()) as unknown
  }

  beforeAll(async () => {
    functions = createHttpServer(async (request, response) => {
      forwarded.push({
        path: request.url ?? '',
        apikey: request.headers.apikey as string | undefined,
        body: await readBody(request),
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body)
    })
    await new Promise<void>((done) => functions.listen(0, '127.0.0.1', done))
    workDir = await mkdtemp(join(tmpdir(), 'pulso-hosted-links-'))
    await mkdir(join(workDir, 'dist', 'client'), { recursive: true })
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DIR: resolve(import.meta.dirname, '../../studio/seed'),
      SUPABASE_URL: `http://127.0.0.1:${(functions.address() as AddressInfo).port}`,
      SUPABASE_ANON_KEY: 'sb_publishable_for_the_tests',
      UNCONFIRMED_RETENTION_DAYS: '14',
      LINK_RATE_LIMIT: '30/1m',
    })
    server = await createServer(config, {
      distDir: join(workDir, 'dist'),
      renderer: {
        render: ({ signup, referral }) => ({
          status: 200,
          html: JSON.stringify({
            link: signup?.link ?? null,
            days: signup?.retentionDays,
            privacyVersion: signup?.content?.privacy?.version,
            ...(referral ? { referral: referral.view, locale: referral.locale } : {}),
          }),
          sources: { script: [], style: [] },
        }),
      },
    })
  })

  afterAll(async () => {
    await server?.app.close()
    await new Promise((done) => functions?.close(done))
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  const open = async (method: 'GET' | 'POST', url: string) => {
    const response = await server.app.inject({
      method,
      url,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' } : {}),
    })
    return { status: response.statusCode, link: (JSON.parse(response.body) as { link: string }).link }
  }

  /** Who asked, as this server saw them: the function hashes it into the person's sightings (docs/product.md §13.2). */
  const client = { address: '127.0.0.1', userAgent: 'lightMyRequest' }

  it('asks the function where a link stands on GET, and has it act on POST, with the public key', async () => {
    answer = { status: 200, body: '{"state":"ready"}' }
    expect(await open('GET', '/en/unsubscribe?token=remove.abc')).toEqual({ status: 200, link: 'ready' })
    answer = { status: 200, body: '{"state":"done"}' }
    expect(await open('POST', '/en/unsubscribe?token=remove.abc')).toEqual({ status: 200, link: 'done' })
    expect(forwarded.slice(-2)).toEqual([
      {
        path: '/functions/v1/waitlist-links',
        apikey: 'sb_publishable_for_the_tests',
        body: { action: 'remove', token: 'remove.abc', apply: false, client },
      },
      {
        path: '/functions/v1/waitlist-links',
        apikey: 'sb_publishable_for_the_tests',
        body: { action: 'remove', token: 'remove.abc', apply: true, client },
      },
    ])
  })

  it('opens a status page through the function, in its person’s language, and answers 404 for a link that is not ours', async () => {
    const standing = {
      code: 'k7m2p9qx',
      state: 'waiting',
      place: 3,
      waiting: 40,
      credited: 1,
      held: 0,
      placesPerReferral: 10,
      locale: 'en',
      leaderboard: null,
    }
    answer = { status: 200, body: JSON.stringify({ state: 'done', standing }) }
    const opened = await server.app.inject({ url: '/indicacoes?token=status.abc' })
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['referrer-policy']).toBe('no-referrer')
    expect(JSON.parse(opened.body)).toMatchObject({
      locale: 'en',
      referral: { page: 'status', state: 'done', standing: { place: 3, referralLink: 'http://localhost:3000/en?ref=k7m2p9qx' } },
    })
    expect(forwarded.at(-1)?.body).toEqual({ action: 'status', token: 'status.abc', client })
    for (const state of ['invalid', 'gone']) {
      answer = { status: 400, body: JSON.stringify({ state }) }
      expect((await server.app.inject({ url: '/en/referrals?token=status.forged' })).statusCode).toBe(404)
    }
    answer = { status: 410, body: '{"state":"expired"}' }
    expect((await server.app.inject({ url: '/en/referrals?token=status.old' })).statusCode).toBe(410)
  })

  it('shows the public leaderboard while the function has one, and not found while it is off', async () => {
    answer = { status: 200, body: JSON.stringify({ state: 'done', leaderboard: [{ name: 'A*** S.', credited: 4 }] }) }
    const board = await server.app.inject({ url: '/indicacoes/ranking' })
    expect(board.statusCode).toBe(200)
    expect(JSON.parse(board.body)).toMatchObject({
      referral: { page: 'leaderboard', leaderboard: [{ name: 'A*** S.', credited: 4 }] },
    })
    expect(forwarded.at(-1)?.body).toEqual({ action: 'leaderboard' })
    answer = { status: 410, body: '{"state":"gone"}' }
    expect((await server.app.inject({ url: '/en/referrals/leaderboard' })).statusCode).toBe(404)
  })

  it('shows the function’s verdict on a bad link with its status', async () => {
    answer = { status: 410, body: '{"state":"expired"}' }
    expect(await open('POST', '/confirmar?token=confirm.old')).toEqual({ status: 410, link: 'expired' })
    answer = { status: 400, body: '{"state":"invalid"}' }
    expect(await open('GET', '/confirmar?token=confirm.forged')).toEqual({ status: 400, link: 'invalid' })
  })

  it('says the link could not be handled (503) when the function fails or answers nonsense', async () => {
    answer = { status: 500, body: '{"error":"unavailable"}' }
    expect(await open('POST', '/confirmar?token=t')).toEqual({ status: 503, link: 'unavailable' })
    answer = { status: 200, body: 'not json' }
    expect(await open('POST', '/confirmar?token=t')).toEqual({ status: 503, link: 'unavailable' })
  })

  it('serves the privacy note from the content, with the retention period, in each language', async () => {
    for (const url of ['/privacidade', '/en/privacy']) {
      const response = await server.app.inject({ url })
      expect(response.statusCode).toBe(200)
      expect(JSON.parse(response.body)).toEqual({ link: null, days: 14, privacyVersion: '2026-11-29' })
    }
  })

  it('does not bother the function for a link without a token, or with one longer than any it made', async () => {
    const before = forwarded.length
    expect(await open('POST', '/descadastrar')).toEqual({ status: 400, link: 'invalid' })
    expect(await open('GET', `/confirmar?token=${'a'.repeat(600)}`)).toEqual({ status: 400, link: 'invalid' })
    expect(await open('POST', `/descadastrar?token=${'a'.repeat(600)}`)).toEqual({ status: 400, link: 'invalid' })
    expect(forwarded).toHaveLength(before)
  })

  it('limits each client on these pages (LINK_RATE_LIMIT), with Retry-After, other clients unaffected', async () => {
    const from = (remoteAddress: string) =>
      server.app.inject({ url: '/en/confirm?token=t', remoteAddress }).then((response) => response)
    answer = { status: 200, body: '{"state":"ready"}' }
    const statuses = []
    for (let i = 0; i < 31; i++) statuses.push((await from('198.51.100.7')).statusCode)
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200))
    const refused = await from('198.51.100.7')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await from('198.51.100.8')).statusCode).toBe(200)
  })
})
