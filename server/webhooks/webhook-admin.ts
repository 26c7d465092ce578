/**
 * The operators' side of the webhooks (supabase/migrations/20261126090000_webhooks.sql): endpoints,
 * their secrets and their deliveries, every change audited under the Studio user it names; on this
 * server's own database, or on the hosted project's over its RPC with the secret key.
 */
import { randomBytes } from 'node:crypto'
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import type { SecretRpcOptions } from '../supabase/secret-rpc.ts'
import { rpcFunctions, sqlFunctions, type SqlFunctions } from '../supabase/sql-functions.ts'

export const WEBHOOK_EVENT_TYPES = [
  'waitlist.signup.created',
  'waitlist.signup.confirmed',
  'waitlist.signup.removed',
  'waitlist.invite.sent',
  'waitlist.update.sent',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** An endpoint as the tool shows it: never its secret. */
export interface WebhookEndpoint {
  id: string
  url: string
  description: string
  events: WebhookEventType[]
  createdAt: string
  failingSince: string | null
  disabledAt: string | null
  disabledReason: string | null
  /** Until when the secret before the last rotation still signs; null when it no longer does. */
  previousSecretUntil: string | null
  deliveries: { pending: number; delivered: number; failed: number }
}

export interface WebhookDelivery {
  id: number
  eventId: string
  type: WebhookEventType | 'webhook.test'
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatus: number | null
  lastError: string | null
  lastAttemptAt: string | null
  deliveredAt: string | null
  nextAttemptAt: string | null
  createdAt: string
  /** False once the event's body is gone (its person was erased and every delivery is over). */
  resendable: boolean
}

export interface NewEndpoint {
  url: string
  description: string
  events: WebhookEventType[]
}

export interface WebhookAdmin {
  endpoints(): Promise<WebhookEndpoint[]>
  /** The new endpoint, and its secret: shown this once. */
  create(actor: string, endpoint: NewEndpoint): Promise<{ endpoint: WebhookEndpoint; secret: string }>
  /** Null when there is no such endpoint. */
  update(
    actor: string,
    id: string,
    change: { description?: string; events?: WebhookEventType[]; enabled?: boolean },
  ): Promise<WebhookEndpoint | null>
  /** A new secret; the old one signs too for `overlapSeconds`. Null when there is no such endpoint. */
  rotate(actor: string, id: string, overlapSeconds: number): Promise<{ endpoint: WebhookEndpoint; secret: string } | null>
  remove(actor: string, id: string): Promise<boolean>
  deliveries(endpointId: string, limit: number): Promise<WebhookDelivery[]>
  /** The test event's id, or null when there is no such endpoint. */
  sendTest(actor: string, endpointId: string): Promise<string | null>
  /** False when there is no such finished delivery, or its body is gone. */
  resend(actor: string, deliveryId: number): Promise<boolean>
}

/** A signing secret as Standard Webhooks writes it: whsec_ and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`

function webhookAdmin({ call }: SqlFunctions): WebhookAdmin {
  return {
    endpoints: () => call('list_endpoints', {}),
    async create(actor, { url, description, events }) {
      const secret = newWebhookSecret()
      const endpoint = await call<WebhookEndpoint>('create_endpoint', {
        p_actor: actor,
        p_url: url,
        p_description: description,
        p_events: events,
        p_secret: secret,
      })
      return { endpoint, secret }
    },
    update: (actor, id, { description, events, enabled }) =>
      call('update_endpoint', {
        p_actor: actor,
        p_id: id,
        p_description: description ?? null,
        p_events: events ?? null,
        p_enabled: enabled ?? null,
      }),
    async rotate(actor, id, overlapSeconds) {
      const secret = newWebhookSecret()
      const endpoint = await call<WebhookEndpoint | null>('rotate_secret', {
        p_actor: actor,
        p_id: id,
        p_secret: secret,
        p_overlap_seconds: overlapSeconds,
      })
      return endpoint ? { endpoint, secret } : null
    },
    remove: (actor, id) => call('delete_endpoint', { p_actor: actor, p_id: id }),
    deliveries: (endpointId, limit) => call('list_deliveries', { p_endpoint: endpointId, p_limit: limit }),
    sendTest: (actor, endpointId) => call('send_test', { p_actor: actor, p_endpoint: endpointId }),
    resend: (actor, deliveryId) => call('resend', { p_actor: actor, p_delivery: deliveryId }),
  }
}

export const sqlWebhookAdmin = (db: Sql): WebhookAdmin => webhookAdmin(sqlFunctions(db, 'webhooks'))

export const restWebhookAdmin = (options: SecretRpcOptions): WebhookAdmin => webhookAdmin(rpcFunctions(options, 'webhooks'))
