import Fastify from 'fastify'
import { pino } from 'pino'
import { describe, expect, it, vi } from 'vitest'
import { NUMBERS, PEOPLE, PUBLIC, peopleAccess, requireAccess, type MemberRoles } from './launch-access.ts'
import { ACCESS_API_VERSION, memberRoles, PROJECT_USERS_API_VERSION } from './member-roles.ts'

const log = pino({ level: 'silent' })

describe('the people level', () => {
  const rolesBy = (roles: Record<string, string[]>): MemberRoles => ({ rolesOf: vi.fn(async (id: string) => roles[id] ?? []) })

  it('goes to the members holding a named role, and to the users named by id', async () => {
    const members = rolesBy({ pAdmin: ['administrator'], pEditor: ['editor'], pNamed: ['viewer'] })
    const access = peopleAccess({ rule: { roles: ['administrator'], users: ['pNamed'] }, members, log })
    expect(await access.allows('pAdmin')).toBe(true)
    expect(await access.allows('pEditor')).toBe(false)
    expect(await access.allows('pNamed')).toBe(true)
    expect(await access.allows('pStranger')).toBe(false)
  })

  it('goes to named users only when no role is named', async () => {
    const members = rolesBy({ pAdmin: ['administrator'] })
    const access = peopleAccess({ rule: { roles: [], users: ['pNamed'] }, members, log })
    expect(await access.allows('pAdmin')).toBe(false)
    expect(await access.allows('pNamed')).toBe(true)
    expect(members.rolesOf).not.toHaveBeenCalled()
  })

  it('reads a member’s roles once for several requests at once, and again once they are old', async () => {
    const members = rolesBy({ pAdmin: ['administrator'] })
    // lru-cache takes a start of 0 for no start at all: the clock starts later.
    let now = 1
    const access = peopleAccess({ rule: { roles: ['administrator'], users: [] }, members, log, ttlMs: 1000, now: () => now })
    expect(await Promise.all([access.allows('pAdmin'), access.allows('pAdmin'), access.allows('pAdmin')])).toEqual([
      true,
      true,
      true,
    ])
    expect(members.rolesOf).toHaveBeenCalledTimes(1)
    now = 2001
    await access.allows('pAdmin')
    expect(members.rolesOf).toHaveBeenCalledTimes(2)
  })

  it('grants nothing when the roles cannot be read, and reads them again next time', async () => {
    const rolesOf = vi
      .fn<MemberRoles['rolesOf']>()
      .mockRejectedValueOnce(new Error('Sanity answered 503'))
      .mockResolvedValue(['administrator'])
    const access = peopleAccess({ rule: { roles: ['administrator'], users: [] }, members: { rolesOf }, log })
    expect(await access.allows('pAdmin')).toBe(false)
    expect(await access.allows('pAdmin')).toBe(true)
  })
})

describe('a member’s roles, read from Sanity', () => {
  /** Sanity's two APIs as @sanity/sdk and the Access API reference show them. */
  function sanity(memberships: unknown[], status = 200) {
    return vi.fn(async (url: string | URL | Request) => {
      const path = new URL(String(url)).pathname
      if (path === `/v${PROJECT_USERS_API_VERSION}/users/pAna`)
        return Response.json({ id: 'pAna', sanityUserId: 'gAna', displayName: 'Ana' }, { status })
      if (path === `/v${ACCESS_API_VERSION}/access/project/proj1/users/gAna`)
        return Response.json({ sanityUserId: 'gAna', profile: { id: 'gAna' }, memberships })
      return Response.json({ error: 'not found' }, { status: 404 })
    })
  }
  const rolesWith = (fetch: typeof globalThis.fetch) =>
    memberRoles({
      projectId: 'proj1',
      projectApiOrigin: () => 'https://proj1.api.sanity.io',
      accessApiOrigin: () => 'https://api.sanity.io',
      token: 'a-members-token-of-twenty',
      fetch,
    })

  it('takes the role names of the project’s membership, with the server’s token', async () => {
    const fetch = sanity([
      { resourceType: 'organization', resourceId: 'org1', roleNames: ['administrator'] },
      { resourceType: 'project', resourceId: 'proj1', roleNames: ['editor', 'people-ops'] },
      { resourceType: 'project', resourceId: 'other', roleNames: ['administrator'] },
    ])
    expect(await rolesWith(fetch).rolesOf('pAna')).toEqual(['editor', 'people-ops'])
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      `https://proj1.api.sanity.io/v${PROJECT_USERS_API_VERSION}/users/pAna`,
      `https://api.sanity.io/v${ACCESS_API_VERSION}/access/project/proj1/users/gAna`,
    ])
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(init.headers).toEqual({ authorization: 'Bearer a-members-token-of-twenty' })
  })

  it('gives no roles to someone who is no member, and fails loudly when Sanity refuses the token', async () => {
    expect(await rolesWith(sanity([])).rolesOf('pNobody')).toEqual([])
    await expect(rolesWith(sanity([], 403)).rolesOf('pAna')).rejects.toThrow('Sanity answered 403')
  })
})

describe('the level each route declares', () => {
  async function appFor(actor: string | undefined, people: boolean) {
    const recordRefusal = vi.fn(async () => undefined)
    const { hook, actorOf } = requireAccess({
      sessions: { actor: async () => actor },
      people: { allows: async () => people },
      recordRefusal,
    })
    const app = Fastify()
    app.addHook('onRequest', hook)
    app.get('/nonce', PUBLIC, async () => 'public')
    app.get('/report', NUMBERS, async (request) => actorOf(request))
    app.get('/waitlist/:id', PEOPLE, async (request) => actorOf(request))
    app.get('/forgot-its-level', async () => 'undeclared')
    return { app, recordRefusal }
  }

  it('refuses a route that declares no level, whoever asks', async () => {
    const { app } = await appFor('pAdmin', true)
    expect((await app.inject('/forgot-its-level')).statusCode).toBe(403)
  })

  it('needs a session for the numbers, and the people level for the people, and audits that refusal', async () => {
    const none = await appFor(undefined, false)
    expect((await none.app.inject('/nonce')).statusCode).toBe(200)
    expect((await none.app.inject('/report')).statusCode).toBe(401)
    expect((await none.app.inject('/waitlist/1')).statusCode).toBe(401)

    const numbers = await appFor('pCopy', false)
    expect((await numbers.app.inject('/report')).body).toBe('pCopy')
    expect((await numbers.app.inject('/waitlist/6f1c1d2e')).statusCode).toBe(403)
    expect(numbers.recordRefusal).toHaveBeenCalledWith('pCopy', 'GET', '/waitlist/:id')

    const everything = await appFor('pAdmin', true)
    expect((await everything.app.inject('/waitlist/1')).body).toBe('pAdmin')
    expect(everything.recordRefusal).not.toHaveBeenCalled()
  })
})
