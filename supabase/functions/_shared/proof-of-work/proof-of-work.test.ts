import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createProofOfWork } from './proof-of-work.ts'
import type { Sql } from '../runtime/sql.ts'

/** guard.spend_challenge's contract: true the first time a nonce is spent. */
function spentChallenges(): Sql & { spent: string[] } {
  const spent: string[] = []
  return {
    spent,
    async query<Row>(_text: string, params?: unknown[]) {
      const nonce = String(params?.[0])
      const fresh = !spent.includes(nonce)
      spent.push(nonce)
      return { rows: [{ fresh } as Row] }
    },
  }
}

/** What the widget sends: the challenge and the solution found for it, base64 JSON. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('no solution found')
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }))
}

const KEY = 'a-test-key-of-at-least-32-characters!'

afterEach(() => {
  vi.useRealTimers()
})

describe('createProofOfWork', () => {
  it('hands out signed PBKDF2 challenges that expire', async () => {
    const challenge = await createProofOfWork(spentChallenges(), async () => KEY).challenge()
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyPrefix: '00' })
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000)
  })

  it('accepts a solution once, then calls it spent', async () => {
    const sql = spentChallenges()
    const proof = createProofOfWork(sql, async () => KEY)
    const challenge = await proof.challenge()
    const payload = await solve(challenge)
    expect(await proof.check(payload)).toBe('valid')
    expect(await proof.check(payload)).toBe('spent')
    expect(sql.spent).toEqual([challenge.parameters.nonce, challenge.parameters.nonce])
  })

  it('calls a missing payload missing, and refuses garbage, forged and foreign solutions', async () => {
    const sql = spentChallenges()
    const proof = createProofOfWork(sql, async () => KEY)
    expect(await proof.check(undefined)).toBe('missing')
    expect(await proof.check('')).toBe('missing')
    expect(await proof.check('not base64 at all')).toBe('invalid')
    expect(await proof.check(btoa(JSON.stringify({ challenge: null, solution: null, test: true })))).toBe('invalid')

    const challenge = await proof.challenge()
    const cheaper = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }
    expect(await proof.check(await solve(cheaper))).toBe('invalid')

    const foreign = await createProofOfWork(sql, async () => 'another-key-of-at-least-32-characters').challenge()
    expect(await proof.check(await solve(foreign))).toBe('invalid')

    const wrong = JSON.parse(atob(await solve(challenge)))
    wrong.solution.derivedKey = '00'.repeat(32)
    expect(await proof.check(btoa(JSON.stringify(wrong)))).toBe('invalid')
    expect(sql.spent).toEqual([])
  })

  it('refuses a solution whose challenge has expired', async () => {
    const proof = createProofOfWork(spentChallenges(), async () => KEY)
    const payload = await solve(await proof.challenge())
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 31 * 60_000)
    expect(await proof.check(payload)).toBe('invalid')
  })
})
