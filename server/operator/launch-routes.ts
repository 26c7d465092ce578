/**
 * The Launch tool's API (docs/launch-api.md): the handshake that proves a Studio user, then the
 * report, the waitlist, its export and an erasure, invite waves, referrals and updates, for that user at the level each route declares
 * (launch-access.ts). Every answer is private and never cached; every route is limited per client
 * address; the Studio's origin may call it with its credential (CORS), nobody else's may, and only
 * the tool's own pages may change anything (http/same-origin-writes.ts, registered on the root).
 */
import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import type { AnalyticsApi } from '../../supabase/functions/_shared/analytics/analytics-api.ts'
import type { RequestLimit } from '../config.ts'
import { clientKey } from '../http/client-address.ts'
import { calendarDay, text } from '../http/request-values.ts'
import { parsedWithZod } from '../http/zod-routes.ts'
import type { LaunchNonces } from './launch-nonce.ts'
import { checkProof } from './launch-proof.ts'
import type { LaunchSessions } from './launch-session.ts'
import type { OperatorStore } from './operator-store.ts'
import { exportStream } from './export-stream.ts'
import type { StudioDocuments } from './studio-documents.ts'
import { NUMBERS, PEOPLE, PUBLIC, requireAccess, type PeopleAccess } from './launch-access.ts'
import { registerWebhookRoutes, type WebhookRoutesOptions } from '../webhooks/webhook-routes.ts'
import type { InviteAdmin } from '../invites/invite-admin.ts'
import { registerInviteRoutes } from '../invites/invite-routes.ts'
import { registerExperimentRoutes } from '../experiments/experiment-routes.ts'
import type { Experiments } from '../experiments/experiments.ts'
import type { ReferralAdmin } from '../referrals/referral-admin.ts'
import { registerReferralRoutes } from '../referrals/referral-routes.ts'
import { registerContentProblemRoutes } from './content-problem-routes.ts'
import type { UpdateAdmin } from '../updates/update-admin.ts'
import { registerUpdateRoutes } from '../updates/update-routes.ts'
import type { UpdatePreviews } from '../updates/update-previews.ts'
import type { PublishedUpdate } from '../updates/update-routes.ts'
import type { ContentProblem } from '../../supabase/functions/_shared/content/content-check.ts'
import { PAGE_ID } from '../../schemas/page-id.ts'
import { SEARCH_MIN_CHARACTERS, searchable } from '../../schemas/waitlist-search.ts'
import type { RoutedPage } from '../site/page-routes.ts'
import { withPageNames } from './report-pages.ts'

export interface LaunchRoutesOptions {
  nonces: LaunchNonces
  sessions: LaunchSessions
  /** Who has the people level. */
  people: PeopleAccess
  documents: StudioDocuments
  store: OperatorStore
  report: AnalyticsApi['report']
  webhooks: Omit<WebhookRoutesOptions, 'actorOf'>
  invites: InviteAdmin
  referrals: ReferralAdmin
  updates: UpdateAdmin
  /** Tells this server's mail sender there is mail to send now (a resumed update); none when the hosted project sends it. */
  kickMail?: (() => void) | undefined
  /** An update's preview and test send, where this server sends mail itself. */
  updatePreviews?: UpdatePreviews | undefined
  /** The Studio's origin (SANITY_STUDIO_URL), whose pages call this API with their credential. */
  studioOrigin: string
  rate: RequestLimit
  /** Copy experiments, where visitors are counted (docs/product.md §12). */
  experiments?: Pick<Experiments, 'overview'> | undefined
  /** What the content has now that its schema does not allow (docs/decisions/0062-content-parsed-where-it-enters.md). */
  contentProblems?: () => Promise<ContentProblem[]>
  /** The pages the site serves now: the report's "By page" names each by its title and addresses (report-pages.ts). */
  pages?: () => Promise<readonly RoutedPage[]>
  /** The published updates, for the Updates tab's picker. */
  updateDocuments?: (() => Promise<readonly PublishedUpdate[] | undefined>) | undefined
}

const PAGE_SIZE = 50
/** SQLSTATE 22023 (invalid_parameter_value): how analytics.report refuses its arguments. */
const INVALID_PARAMETER = '22023'
/** The longest report, as analytics.report refuses a longer one (and cannot even reckon the period before a far longer one). */
const MAX_REPORT_DAYS = 800
const filter = text(200).min(1).optional()
const reportQuery = z
  .strictObject({
    from: calendarDay,
    to: calendarDay,
    language: filter,
    source: filter,
    campaign: filter,
    device: filter,
    entry_page: filter,
    /** A page's document id (docs/decisions/0078-counted-per-page.md). */
    page: text(128).regex(PAGE_ID, 'a page’s document id').optional(),
  })
  .refine(({ from, to }) => from <= to && Date.parse(to) - Date.parse(from) < MAX_REPORT_DAYS * 86_400_000, {
    message: `a report covers 1 to ${MAX_REPORT_DAYS} days: from on or before to`,
    path: ['to'],
  })
const waitlistQuery = z.strictObject({
  search: text(200).refine(searchable, `a search is empty or at least ${SEARCH_MIN_CHARACTERS} characters`).default(''),
  status: z.enum(['all', 'confirmed', 'unconfirmed']).default('all'),
  page: z.coerce.number().int().min(1).max(20_000).default(1),
})
const sessionBody = z.strictObject({ proof: z.string().max(200) })
const placeParams = z.strictObject({ id: z.uuid() })

export const launchRoutes: FastifyPluginAsync<LaunchRoutesOptions> = async (
  app,
  {
    nonces,
    sessions,
    people,
    documents,
    store,
    report,
    webhooks,
    invites,
    referrals,
    updates,
    kickMail,
    updatePreviews,
    studioOrigin,
    rate,
    experiments,
    contentProblems,
    pages = async () => [],
    updateDocuments = async () => [],
  },
) => {
  await app.register(fastifyRateLimit, {
    keyGenerator: clientKey,
    max: rate.maxHits,
    timeWindow: rate.perSeconds * 1000,
    cache: 10_000,
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'private, no-store')
    reply.header('x-robots-tag', 'noindex')
    reply.header('vary', 'origin')
    if (request.headers.origin === studioOrigin) {
      reply.header('access-control-allow-origin', studioOrigin)
      reply.header('access-control-allow-credentials', 'true')
    }
  })
  // Every route declares its level (launch-access.ts); the Studio user its credential names is read
  // once, before the handler, and the people level is checked for the routes that need it.
  const { hook, actorOf } = requireAccess({ sessions, people, recordRefusal: store.recordRefusal })
  app.addHook('onRequest', hook)
  const accessOf = async (actor: string) => ((await people.allows(actor)) ? 'people' : 'numbers')

  app.options('/*', PUBLIC, async (request, reply) => {
    if (request.headers.origin !== studioOrigin) return reply.code(403).send()
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, DELETE')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .send()
  })

  app.get('/nonce', PUBLIC, async () => {
    const { nonce, expiresAt } = nonces.issue()
    return { nonce, expiresAt: expiresAt.toISOString() }
  })

  app.post('/session', PUBLIC, async (request, reply) => {
    const body = sessionBody.safeParse(request.body)
    const outcome = body.success ? await checkProof(body.data.proof, { nonces, documents }) : { refused: 'no proof' }
    // The session is opened with the proof's nonce, which opens one session ever.
    if ('refused' in outcome || !(await sessions.start(reply, outcome))) {
      const reason = 'refused' in outcome ? outcome.refused : 'the proof was used before'
      request.log.warn({ reason }, 'Launch tool: a proof was refused')
      return reply.code(401).send({ error: 'This proof does not open the Launch tool: open it again from the Studio.' })
    }
    request.log.info({ actor: outcome.actor }, 'Launch tool: session opened')
    return { actor: outcome.actor, access: await accessOf(outcome.actor) }
  })

  // Who this credential is, and at which level: what the tool shows.
  app.get('/session', NUMBERS, async (request) => ({ actor: actorOf(request), access: await accessOf(actorOf(request)) }))

  // Signs this browser out: its session ends at once on every instance.
  app.delete('/session', PUBLIC, async (request, reply) => {
    await sessions.end(request, reply)
    return reply.code(204).send()
  })

  // Signs the user out everywhere: every session of theirs ends.
  app.delete('/sessions', NUMBERS, async (request, reply) => {
    const ended = await sessions.endEverywhere(actorOf(request), reply)
    request.log.info({ actor: actorOf(request), ended }, 'Launch tool: signed out everywhere')
    return { ended }
  })

  // Every route below parses its inputs with its zod schemas, after the level was checked.
  const routes = parsedWithZod(app)

  routes.get('/report', { ...NUMBERS, schema: { querystring: reportQuery } }, async (request, reply) => {
    const { from, to, ...filters } = request.query
    const defined = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined))
    try {
      const answer = await report(from, to, defined)
      // The names are a help, the numbers are the answer: content out of reach leaves the ids alone.
      return withPageNames(answer, await pages().catch(() => []))
    } catch (error) {
      // The report's own refusal (a wrong range or filter), from the driver or through the hosted RPC.
      if ((error as { code?: unknown }).code === INVALID_PARAMETER)
        return reply.code(400).send({ error: (error as Error).message })
      throw error
    }
  })

  routes.get('/waitlist', { ...PEOPLE, schema: { querystring: waitlistQuery } }, async (request) => {
    const actor = actorOf(request)
    const { search, status, page } = request.query
    const answer = await store.waitlistPage(actor, { search, status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })
    return { ...answer, page, pageSize: PAGE_SIZE }
  })

  routes.get('/waitlist.csv', PEOPLE, async (request, reply) => {
    const actor = actorOf(request)
    // Streamed a page at a time as the database writes it: the first line leaves at once, and memory
    // holds a few pages whatever the size (export-stream.ts).
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="waitlist-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(exportStream(store.waitlistExport(actor)))
  })

  routes.post('/waitlist/:id/erase', { ...PEOPLE, schema: { params: placeParams } }, async (request, reply) => {
    const actor = actorOf(request)
    if (!(await store.erase(actor, request.params.id))) {
      return reply.code(404).send({ error: 'No such person on the waitlist.' })
    }
    request.log.info({ actor }, 'Launch tool: a person was erased')
    return reply.code(204).send()
  })

  routes.get('/audit', PEOPLE, async () => ({ entries: await store.auditLog(50) }))

  registerWebhookRoutes(routes, { ...webhooks, actorOf })
  registerInviteRoutes(routes, { admin: invites, actorOf })
  if (experiments) registerExperimentRoutes(routes, experiments)
  registerReferralRoutes(routes, { admin: referrals, actorOf })
  registerUpdateRoutes(routes, {
    admin: updates,
    actorOf,
    previews: updatePreviews,
    documents: updateDocuments,
    pages: () => pages().catch(() => []),
    ...(kickMail ? { kick: kickMail } : {}),
  })
  if (contentProblems) registerContentProblemRoutes(routes, { problems: contentProblems, studioUrl: studioOrigin })
}
