/**
 * The Launch tool's update routes (docs/launch-api.md): how many an update would reach, an update
 * sent or scheduled, paused and resumed, its unconfirmed messages sent again, the updates and their progress. People level: an update
 * mails people (docs/decisions/0060-two-access-levels.md); the tool's API names the Studio user
 * each call is for, and the database audits each count and change under them.
 */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ZodRoutes } from '../http/zod-routes.ts'
import { text } from '../http/request-values.ts'
import { fromContent } from '../http/content-unavailable.ts'
import { PEOPLE } from '../operator/launch-access.ts'
import { PAGE_ID } from '../../schemas/page-id.ts'
import { DeliveryError } from '../../supabase/functions/_shared/delivery/mailer.ts'
import type { UpdateAdmin } from './update-admin.ts'
import type { UpdatePreviews } from './update-previews.ts'
import type { RoutedPage } from '../site/page-routes.ts'
import { locales, type Locale } from '../../schemas/locales.ts'

/** A published update as the content source lists it (update-list-query.ts). */
export interface PublishedUpdate {
  _id: string
  subject: Partial<Record<Locale, string>> | null
}

export interface UpdateRoutesOptions {
  admin: UpdateAdmin
  actorOf: (request: FastifyRequest) => string
  /** Tells the sender there is mail to send (a resumed update), rather than wait for its next sweep. */
  kick?: () => void
  /** The preview and the test send, where this server composes and sends mail (not in front of a hosted project). */
  previews?: UpdatePreviews | undefined
  /** The published updates (undefined: the content source's answer unreadable now). */
  documents: () => Promise<readonly PublishedUpdate[] | undefined>
  /** The pages the site serves now, which the filter's `pages` names by id. */
  pages: () => Promise<readonly RoutedPage[]>
}

/** A subject's words per language, without the document's own fields. */
const wordsOf = (words: PublishedUpdate['subject']): Partial<Record<Locale, string>> =>
  Object.fromEntries(locales.flatMap((locale) => (words?.[locale] ? [[locale, words[locale]]] : [])))

/** What the Updates tab offers: the updates to send and the pages to narrow by, each by id with its words. */
export interface UpdateChoices {
  documents: { id: string; subject: Partial<Record<Locale, string>> }[]
  pages: { id: string; title: Partial<Record<Locale, string>> }[]
}

/** A list of 1 to 50 values of a filter key, as updates.check_filter takes it. */
const values = <T extends z.ZodType<string>>(value: T) => z.array(value).min(1).max(50).optional()
const filter = z.strictObject({
  locales: values(z.enum(['pt', 'en'])),
  states: values(z.enum(['waiting', 'invited', 'activated'])),
  sources: values(text(200).min(1)),
  campaigns: values(text(200)),
  /** The page signed up on, by its document id, as the report's `page` names it. */
  pages: values(text(128).regex(PAGE_ID, 'a page’s document id')),
})
const countBody = z.strictObject({ filter })
/** The Studio's document ids: letters, digits, dots, dashes, underscores (drafts are never sent). */
const documentId = z.string().regex(/^(?!drafts\.)[A-Za-z0-9._-]{1,128}$/, 'a published document’s id')
const newUpdate = z.strictObject({
  id: z.uuid(),
  documentId,
  filter,
  /** When to send it (ISO 8601 with its offset); left out, now. */
  sendAt: z.iso.datetime({ offset: true }).optional(),
})
const idParams = z.strictObject({ id: z.uuid() })
const previewBody = z.strictObject({ documentId, filter })
const testBody = z.strictObject({ documentId, to: z.email().max(254) })
const NO_DOCUMENT = 'No update document is published under this id.'

export function registerUpdateRoutes(app: ZodRoutes, { admin, actorOf, kick, previews, documents, pages }: UpdateRoutesOptions) {
  app.get('/updates/choices', PEOPLE, async (): Promise<UpdateChoices> => ({
    documents: ((await fromContent(documents())) ?? []).map(({ _id, subject }) => ({ id: _id, subject: wordsOf(subject) })),
    pages: (await pages()).map(({ id, title }) => ({ id, title })),
  }))

  app.post('/updates/count', { ...PEOPLE, schema: { body: countBody } }, async (request) =>
    admin.count(actorOf(request), request.body.filter),
  )

  app.post('/updates', { ...PEOPLE, schema: { body: newUpdate } }, async (request, reply) => {
    const actor = actorOf(request)
    const { id, documentId: document, filter: chosen, sendAt } = request.body
    const sent = await admin.send(actor, { id, documentId: document, filter: chosen, sendAt: sendAt ?? null })
    if (!sent.repeated) {
      request.log.info({ actor, update: id, recipients: sent.update.recipients }, 'Launch tool: an update was sent')
      kick?.()
    }
    return reply.code(sent.repeated ? 200 : 201).send(sent)
  })

  app.get('/updates', PEOPLE, async () => ({ updates: await admin.list() }))

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(`/updates/:id/${action}`, { ...PEOPLE, schema: { params: idParams } }, async (request, reply) => {
      if (!(await admin.setPaused(actorOf(request), request.params.id, paused)))
        return reply.code(404).send({ error: 'No such update still sending.' })
      if (!paused) kick?.()
      return reply.code(204).send()
    })
  }

  app.post('/updates/:id/resend-unconfirmed', { ...PEOPLE, schema: { params: idParams } }, async (request, reply) => {
    const actor = actorOf(request)
    const queued = await admin.resendUnconfirmed(actor, request.params.id)
    if (queued === null) return reply.code(404).send({ error: 'No such update.' })
    request.log.info(
      { actor, update: request.params.id, queued },
      'Launch tool: an update’s unconfirmed messages were queued again',
    )
    if (queued > 0) kick?.()
    return { queued }
  })

  if (!previews) return

  app.post('/updates/preview', { ...PEOPLE, schema: { body: previewBody } }, async (request, reply) => {
    const reader = await admin.sample(actorOf(request), request.body.filter)
    if (!reader) return reply.code(404).send({ error: 'The filter reaches nobody: there is no reader to show it with.' })
    const rendered = await previews.preview(request.body.documentId, reader)
    return rendered ?? reply.code(404).send({ error: NO_DOCUMENT })
  })

  app.post('/updates/test', { ...PEOPLE, schema: { body: testBody } }, async (request, reply) => {
    const actor = actorOf(request)
    const { documentId: document, to } = request.body
    const sent = await previews.sendTest(document, to, '').catch((error: unknown) => {
      // The operator's own address refused or the mail server away: theirs to see, not a fault of this server.
      if (error instanceof DeliveryError) return error
      throw error
    })
    if (sent instanceof DeliveryError)
      return reply.code(502).send({ error: `The mail server did not take the test: ${sent.message}` })
    if (!sent) return reply.code(404).send({ error: NO_DOCUMENT })
    await admin.testSent(actor, document, to)
    return reply.code(202).send()
  })
}
