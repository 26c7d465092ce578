/**
 * Who may do what in the Launch tool (docs/decisions/0060-two-access-levels.md). Every route of its
 * API declares a level in its route options, in one place: `public` (the handshake), `numbers`
 * (the report, the funnel, the experiments: every member who can write to the dataset) or `people`
 * (the list, its export and erasures, invite waves, referral review, webhooks, the audit log: only
 * the members the team names). A route that declares none is refused (launch-routes.ts), and the
 * tests list the levels from the server itself (test/server/registered-routes.ts).
 */
import type { FastifyBaseLogger, FastifyRequest, onRequestHookHandler } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { LaunchSessions } from './launch-session.ts'

export type LaunchAccess = 'public' | 'numbers' | 'people'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The level a Launch tool route needs (docs/decisions/0060-two-access-levels.md). */
    access?: LaunchAccess
  }
}

/** Route options that declare a level: `app.get('/waitlist', PEOPLE, handler)`. */
export const PUBLIC = { config: { access: 'public' } } as const
export const NUMBERS = { config: { access: 'numbers' } } as const
export const PEOPLE = { config: { access: 'people' } } as const

/** Who the team names for the people level (LAUNCH_PEOPLE_ROLES, LAUNCH_PEOPLE_USERS). */
export interface PeopleRule {
  /** Sanity roles whose members have it (administrator by default). */
  roles: string[]
  /** Sanity user ids that have it whatever their roles. */
  users: string[]
}

/** A project member's role names, as Sanity's Access API gives them (member-roles.ts). */
export interface MemberRoles {
  rolesOf(userId: string): Promise<string[]>
}

/** How long a member's roles are trusted once read: a role taken away reaches the tool within this. */
const ROLES_TTL_MS = 5 * 60_000

/**
 * Whether a Studio user has the people level: named by id, or holding one of the named roles.
 * Roles are read once per user and kept a few minutes (several views ask at once: one read); a read
 * that fails is not kept, and grants nothing (the numbers stay open).
 */
export function peopleAccess({
  rule,
  members,
  log,
  ttlMs = ROLES_TTL_MS,
  now = () => performance.now(),
}: {
  rule: PeopleRule
  members: MemberRoles
  log: FastifyBaseLogger
  ttlMs?: number
  /** Milliseconds on a steady clock; tests move it. */
  now?: () => number
}) {
  const roles = new LRUCache<string, string[]>({
    max: 1_000,
    ttl: ttlMs,
    perf: { now },
    // Staleness read from the clock at each look-up, not from a value refreshed by a timer.
    ttlResolution: 0,
    fetchMethod: (userId) => members.rolesOf(userId),
  })
  return {
    async allows(actor: string): Promise<boolean> {
      if (rule.users.includes(actor)) return true
      if (rule.roles.length === 0) return false
      try {
        const held = (await roles.fetch(actor)) ?? []
        return held.some((role) => rule.roles.includes(role))
      } catch (error) {
        log.warn({ err: error, actor }, 'Launch tool: the Studio user’s roles could not be read; the people level is refused')
        return false
      }
    },
  }
}

export type PeopleAccess = ReturnType<typeof peopleAccess>

const UNAUTHORIZED = { error: 'Open the Launch tool from the Studio: this browser has no valid credential for it.' }
const PEOPLE_ONLY = { error: 'This part of the Launch tool shows people: the team has not named you for it.' }
const NO_LEVEL = { error: 'This route declares no access level, so nobody may use it.' }

/**
 * The hook every route of the tool's API meets before it is read: its declared level, the Studio
 * user the credential names (kept for the handler, `actorOf`), and the people level where the route
 * needs it. A refusal of the people level is audited with the route's pattern, never its values.
 */
export function requireAccess({
  sessions,
  people,
  recordRefusal,
}: {
  sessions: Pick<LaunchSessions, 'actor'>
  people: PeopleAccess
  recordRefusal: (actor: string, method: string, route: string) => Promise<void>
}): { hook: onRequestHookHandler; actorOf: (request: FastifyRequest) => string } {
  const actors = new WeakMap<FastifyRequest, string>()
  const hook: onRequestHookHandler = async (request, reply) => {
    const access = request.routeOptions.config?.access
    if (access === 'public') return
    if (access === undefined) {
      request.log.error({ route: request.routeOptions.url }, 'Launch tool: a route declares no access level')
      return reply.code(403).send(NO_LEVEL)
    }
    const actor = await sessions.actor(request)
    if (!actor) return reply.code(401).send(UNAUTHORIZED)
    actors.set(request, actor)
    if (access === 'people' && !(await people.allows(actor))) {
      await recordRefusal(actor, request.method, request.routeOptions.url ?? '')
      request.log.warn({ actor, route: request.routeOptions.url }, 'Launch tool: the people level was refused')
      return reply.code(403).send(PEOPLE_ONLY)
    }
  }
  return { hook, actorOf: (request) => actors.get(request) as string }
}
