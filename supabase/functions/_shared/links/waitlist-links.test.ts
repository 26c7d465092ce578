import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { signLinkToken, type TokenPurpose } from './link-token.ts'
import type { Standing } from '../referrals/standing.ts'
import { createWaitlistLinksHandler } from './waitlist-links.ts'
import type { PlaceState } from './waitlist-places.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const ID = '5b0d6a2e-8f4c-4f1e-9a57-2f3c1d0b9e77'
const DAY = 86_400_000

/** One place on the waitlist, in memory, with the store's contract. */
function setup(initial: PlaceState = 'unconfirmed') {
  let state = initial
  const places = {
    state: vi.fn(async () => state),
    confirm: vi.fn(async () => {
      const changed = state === 'unconfirmed'
      if (changed) state = 'confirmed'
      return { state, changed }
    }),
    remove: vi.fn(async () => {
      const existed = state === 'unconfirmed' || state === 'confirmed'
      if (existed) state = 'removed'
      return existed
    }),
    /** The mailbox's removal is no longer remembered (its period ended). */
    forget: () => {
      if (state === 'removed') state = 'missing'
    },
  }
  const log = vi.fn()
  const referrals = {
    standing: vi.fn(async (): Promise<Standing | null> => null),
    sight: vi.fn(async () => undefined),
    leaderboard: vi.fn(async (): Promise<Standing['leaderboard']> => null),
  }
  const handle = createWaitlistLinksHandler({ places, referrals, linkSecret: async () => SECRET, log })
  return { places, referrals, log, handle, current: () => state, forget: () => places.forget() }
}

const token = (purpose: TokenPurpose, days = 30) =>
  signLinkToken(SECRET, { purpose, waitlistId: ID, expiresAt: new Date(Date.now() + days * DAY) })

const post = (body: unknown) =>
  new Request('http://localhost/functions/v1/waitlist-links', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

async function ask(handle: (request: Request) => Promise<Response>, body: unknown) {
  const response = await handle(post(body))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('the waitlist-links handler', () => {
  it('says a valid confirmation link is ready without confirming anything, then confirms when asked', async () => {
    const { handle, places, current } = setup()
    const confirm = await token('confirm')
    expect(await ask(handle, { action: 'confirm', token: confirm, apply: false })).toEqual({
      status: 200,
      body: { state: 'ready' },
    })
    expect(places.confirm).not.toHaveBeenCalled()
    expect(current()).toBe('unconfirmed')
    expect(await ask(handle, { action: 'confirm', token: confirm, apply: true })).toEqual({
      status: 200,
      body: { state: 'done' },
    })
    expect(current()).toBe('confirmed')
    // Again, and looking at it again: done, and the first confirmation stands.
    expect(await ask(handle, { action: 'confirm', token: confirm, apply: true })).toEqual({
      status: 200,
      body: { state: 'done' },
    })
    expect(await ask(handle, { action: 'confirm', token: confirm, apply: false })).toEqual({
      status: 200,
      body: { state: 'done' },
    })
  })

  it('answers 410 gone for a confirmation whose place no longer exists', async () => {
    const { handle } = setup('missing')
    const confirm = await token('confirm')
    for (const apply of [false, true]) {
      expect(await ask(handle, { action: 'confirm', token: confirm, apply })).toEqual({ status: 410, body: { state: 'gone' } })
    }
  })

  it('removes only when asked to act, and answers done every time after, while the removal is remembered', async () => {
    const { handle, places, current, forget } = setup('confirmed')
    const remove = await token('remove', 365)
    expect(await ask(handle, { action: 'remove', token: remove, apply: false })).toEqual({
      status: 200,
      body: { state: 'ready' },
    })
    expect(places.remove).not.toHaveBeenCalled()
    expect(await ask(handle, { action: 'remove', token: remove, apply: true })).toEqual({ status: 200, body: { state: 'done' } })
    expect(current()).toBe('removed')
    expect(await ask(handle, { action: 'remove', token: remove, apply: true })).toEqual({ status: 200, body: { state: 'done' } })
    expect(await ask(handle, { action: 'remove', token: remove, apply: false })).toEqual({ status: 200, body: { state: 'done' } })
    expect(await ask(handle, { action: 'confirm', token: await token('confirm'), apply: false })).toEqual({
      status: 410,
      body: { state: 'gone' },
    })

    // Forgotten, the inbox may be on the list again under another place: the link no longer vouches for it.
    forget()
    for (const apply of [false, true]) {
      expect(await ask(handle, { action: 'remove', token: remove, apply })).toEqual({ status: 410, body: { state: 'gone' } })
    }
  })

  it('refuses a removal token on the confirm action and the other way round, touching nothing', async () => {
    const { handle, places } = setup()
    expect(await ask(handle, { action: 'confirm', token: await token('remove'), apply: true })).toEqual({
      status: 400,
      body: { state: 'invalid' },
    })
    expect(await ask(handle, { action: 'remove', token: await token('confirm'), apply: true })).toEqual({
      status: 400,
      body: { state: 'invalid' },
    })
    expect(places.confirm).not.toHaveBeenCalled()
    expect(places.remove).not.toHaveBeenCalled()
  })

  it('answers 410 expired for an expired link and 400 invalid for an altered one', async () => {
    const { handle, places } = setup()
    expect(await ask(handle, { action: 'confirm', token: await token('confirm', -1), apply: true })).toEqual({
      status: 410,
      body: { state: 'expired' },
    })
    const altered = (await token('confirm')).replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))
    expect(await ask(handle, { action: 'confirm', token: altered, apply: true })).toEqual({
      status: 400,
      body: { state: 'invalid' },
    })
    expect(places.confirm).not.toHaveBeenCalled()
  })

  it.each([
    ['not JSON', '{oops', 'invalid_json'],
    ['an unknown action', { action: 'delete', token: 't', apply: true }, 'invalid_request'],
    ['no apply', { action: 'confirm', token: 't' }, 'invalid_request'],
  ])('answers 400 for a request that is %s', async (_case, body, error) => {
    const { handle } = setup()
    expect(await ask(handle, body)).toMatchObject({ status: 400, body: { error } })
  })

  it('logs a confirmation once, however often its link is pressed', async () => {
    const { handle, log } = setup()
    const confirm = await token('confirm')
    for (let i = 0; i < 3; i++) await ask(handle, { action: 'confirm', token: confirm, apply: true })
    expect(log.mock.calls.filter(([, message]) => message === 'waitlist place confirmed')).toHaveLength(1)
  })

  it('answers any token that does not parse as an invalid link (400), never an error, touching nothing', async () => {
    const { handle, places, log } = setup()
    expect(await ask(handle, { action: 'confirm', token: 'a'.repeat(600), apply: true })).toEqual({
      status: 400,
      body: { state: 'invalid' },
    })
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 1200, unit: 'grapheme' }),
        fc.constantFrom('confirm', 'remove'),
        fc.boolean(),
        async (text, action, apply) => {
          const { status, body } = await ask(handle, { action, token: text, apply })
          expect(status).toBe(400)
          expect(body).toEqual({ state: 'invalid' })
        },
      ),
      { numRuns: 300 },
    )
    expect(places.confirm).not.toHaveBeenCalled()
    expect(places.remove).not.toHaveBeenCalled()
    expect(log).not.toHaveBeenCalled()
  })

  it('answers 500 unavailable, cause in the log only, when the database fails', async () => {
    const { handle, places, log } = setup()
    places.confirm.mockRejectedValueOnce(new Error('connection refused'))
    const answer = await ask(handle, { action: 'confirm', token: await token('confirm'), apply: true })
    expect(answer).toMatchObject({ status: 500, body: { error: 'unavailable' } })
    expect(JSON.stringify(answer.body)).not.toContain('connection refused')
    expect(log).toHaveBeenCalledWith('error', 'waitlist link not handled', { action: 'confirm', error: 'connection refused' })
  })

  it('accepts POST only', async () => {
    const { handle } = setup()
    expect((await handle(new Request('http://localhost/', { method: 'GET' }))).status).toBe(405)
  })

  describe('for referrals (docs/product.md §13)', () => {
    const standing: Standing = {
      code: 'k7m2p9qx',
      state: 'waiting',
      place: 12,
      waiting: 300,
      credited: 2,
      held: 0,
      placesPerReferral: 10,
      locale: 'pt',
      leaderboard: null,
    }
    const client = { address: '203.0.113.7', userAgent: 'Firefox' }

    it('says where a confirmed person stands, and notes where they pressed from before the referral is decided', async () => {
      const { handle, places, referrals } = setup()
      referrals.standing.mockResolvedValue(standing)
      const confirm = await token('confirm')
      expect(await ask(handle, { action: 'confirm', token: confirm, apply: false, client })).toEqual({
        status: 200,
        body: { state: 'ready' },
      })
      // Looking is not pressing: a mail scanner's visit is nobody's sighting.
      expect(referrals.sight).not.toHaveBeenCalled()
      expect(await ask(handle, { action: 'confirm', token: confirm, apply: true, client })).toEqual({
        status: 200,
        body: { state: 'done', standing },
      })
      expect(referrals.sight).toHaveBeenCalledWith(ID, client)
      expect(referrals.sight.mock.invocationCallOrder[0]).toBeLessThan(places.confirm.mock.invocationCallOrder[0]!)
    })

    it('opens a status page only with a status token: 200 with the standing, gone for nobody, invalid for any other token', async () => {
      const { handle, referrals } = setup()
      referrals.standing.mockResolvedValueOnce(standing)
      expect(await ask(handle, { action: 'status', token: await token('status'), client })).toEqual({
        status: 200,
        body: { state: 'done', standing },
      })
      expect(referrals.sight).toHaveBeenCalledWith(ID, client)
      expect(await ask(handle, { action: 'status', token: await token('status') })).toEqual({
        status: 410,
        body: { state: 'gone' },
      })
      for (const other of [await token('confirm'), await token('remove')]) {
        expect(await ask(handle, { action: 'status', token: other })).toEqual({ status: 400, body: { state: 'invalid' } })
      }
      expect(await ask(handle, { action: 'status', token: await token('status', -1) })).toEqual({
        status: 410,
        body: { state: 'expired' },
      })
    })

    it('answers the leaderboard while it is on, and gone while it is off', async () => {
      const { handle, referrals } = setup()
      expect(await ask(handle, { action: 'leaderboard' })).toEqual({ status: 410, body: { state: 'gone' } })
      referrals.leaderboard.mockResolvedValueOnce([{ name: 'A*** S.', credited: 4 }])
      expect(await ask(handle, { action: 'leaderboard' })).toEqual({
        status: 200,
        body: { state: 'done', leaderboard: [{ name: 'A*** S.', credited: 4 }] },
      })
    })

    it('refuses a client that is not an address and a browser', async () => {
      const { handle } = setup()
      const status = await token('status')
      expect(
        await ask(handle, { action: 'status', token: status, client: { address: 'x'.repeat(65), userAgent: '' } }),
      ).toMatchObject({
        status: 400,
        body: { error: 'invalid_request' },
      })
    })
  })
})
