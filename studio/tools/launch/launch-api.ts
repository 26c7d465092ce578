/**
 * The Launch tool's calls to the site's API (docs/launch-api.md), with the tool's credential: an
 * HttpOnly cookie the site sets once the Studio has proved its user (launch-handshake.ts), sent
 * along from the Studio's origin as from the site's own page. The list's rows are typed where the
 * server makes them (server/operator/operator-store.ts).
 */
import type { AuditEntry, Place, PlaceStatus } from '../../../server/operator/operator-store.ts'
import type { NewEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../../server/webhooks/webhook-admin.ts'
import type {
  InviteCandidate,
  Invitee,
  MAX_WAVE as SERVER_MAX_WAVE,
  Wave,
  WavePreview,
} from '../../../server/invites/invite-admin.ts'
import type { ArmResult, ExperimentResult, FieldState } from '../../../server/experiments/experiment-results.ts'
import type { HeldReferral, HoldReason, ReferralReview } from '../../../server/referrals/referral-admin.ts'
import type { ListedContentProblem } from '../../../server/operator/content-problem-routes.ts'
import type { LaunchAccess } from '../../../server/operator/launch-access.ts'
import type { Update, UpdateFilter } from '../../../server/updates/update-admin.ts'
import type { UpdateChoices } from '../../../server/updates/update-routes.ts'

export type {
  ArmResult,
  AuditEntry,
  ListedContentProblem,
  ExperimentResult,
  FieldState,
  HeldReferral,
  HoldReason,
  ReferralReview,
  InviteCandidate,
  Invitee,
  NewEndpoint,
  Place,
  PlaceStatus,
  Wave,
  WavePreview,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
  Update,
  UpdateChoices,
  UpdateFilter,
}

/** An update in one language as its readers get it. */
export interface RenderedUpdate {
  subject: string
  text: string
  html: string
}
/**
 * The most people one wave lets in. Written again rather than imported, so the server's module
 * stays out of the Studio's bundle; its type is the server's literal, so the check fails if they part.
 */
export const MAX_WAVE: typeof SERVER_MAX_WAVE = 1000
/** Who the credential is, and what they may see: `people` (everything) or `numbers` (the report and the experiments). */
export interface LaunchSession {
  actor: string
  access: Exclude<LaunchAccess, 'public'>
}
/** An endpoint with its signing secret: shown once, when made or rotated. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint
  secret: string
}
export interface ReportTotals {
  visitors: number
  page_views: number
  form_starts: number
  signups: number | null
  welcomes: number | null
  confirmations: number | null
  removals: number | null
}
export type ReportDay = ReportTotals & { day: string }
export interface FunnelStep {
  step: string
  count: number | null
  of_previous: number | null
  of_first: number | null
  drop_off: number | null
}
export interface Breakdown {
  visitors: number
  signups: number
  confirmations: number
  conversion: number | null
}
/** A page's numbers (docs/launch-api.md): its document id, and its title and addresses while the site serves it. */
export interface PageBreakdown extends Breakdown {
  page: string
  title: Partial<Record<'pt' | 'en', string>>
  paths: Partial<Record<'pt' | 'en', string>>
  page_views: number
  form_starts: number
}
export interface Report {
  range: { from: string; to: string; days: number }
  previous_range: { from: string; to: string; days: number }
  days: ReportDay[]
  totals: ReportTotals
  previous: { days: ReportDay[]; totals: ReportTotals }
  funnel: FunnelStep[]
  by_source: (Breakdown & { source: string })[]
  by_campaign: (Breakdown & { campaign: string })[]
  by_page: PageBreakdown[]
}
export type ReportFilters = Partial<Record<'language' | 'source' | 'campaign' | 'device' | 'entry_page' | 'page', string>>

export interface WaitlistPage {
  /** The matches, counted up to a bound (10,000; 1,000 for a search): `totalCapped` says there are more. */
  total: number
  totalCapped: boolean
  rows: Place[]
  page: number
  pageSize: number
}
/** A refusal of the site: 401 means the credential is missing or has expired. */
export class LaunchApiError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export function createLaunchApi(siteUrl: string, fetcher: typeof fetch = (...args) => fetch(...args)) {
  const base = `${siteUrl.replace(/\/+$/, '')}/api/launch`
  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    const response = await fetcher(`${base}${path}`, { credentials: 'include', ...init })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { error?: string }
      throw new LaunchApiError(response.status, body.error ?? `The site answered ${response.status}`)
    }
    const text = await response.text()
    return (text ? JSON.parse(text) : undefined) as T
  }
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const query = (values: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value))
    return params.toString()
  }
  return {
    nonce: () => call<{ nonce: string; expiresAt: string }>('/nonce'),
    openSession: (proof: string) => call<LaunchSession>('/session', json('POST', { proof })),
    /** The session this browser's credential opens, if it still does. */
    session: () => call<LaunchSession>('/session'),
    /** Ends this browser's session, on every server at once. */
    signOut: () => call<void>('/session', { method: 'DELETE' }),
    /** Ends every session of this Studio user, wherever it was opened. */
    signOutEverywhere: () => call<{ ended: number }>('/sessions', { method: 'DELETE' }),
    report: (from: string, to: string, filters: ReportFilters) => call<Report>(`/report?${query({ from, to, ...filters })}`),
    waitlist: (search: string, status: PlaceStatus, page: number) =>
      call<WaitlistPage>(`/waitlist?${query({ search, status, page })}`),
    erase: (id: string) => call<void>(`/waitlist/${encodeURIComponent(id)}/erase`, { method: 'POST' }),
    audit: () => call<{ entries: AuditEntry[] }>('/audit'),
    webhooks: () => call<{ endpoints: WebhookEndpoint[]; events: WebhookEventType[] }>('/webhooks'),
    addEndpoint: (endpoint: NewEndpoint) => call<EndpointWithSecret>('/webhooks', json('POST', endpoint)),
    changeEndpoint: (id: string, change: { enabled?: boolean }) =>
      call<{ endpoint: WebhookEndpoint }>(`/webhooks/${encodeURIComponent(id)}`, json('POST', change)),
    rotateSecret: (id: string) => call<EndpointWithSecret>(`/webhooks/${encodeURIComponent(id)}/rotate`, { method: 'POST' }),
    deleteEndpoint: (id: string) => call<void>(`/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    deliveries: (id: string) => call<{ deliveries: WebhookDelivery[] }>(`/webhooks/${encodeURIComponent(id)}/deliveries`),
    sendTest: (id: string) => call<{ eventId: string }>(`/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST' }),
    resend: (deliveryId: number) => call<void>(`/webhooks/deliveries/${deliveryId}/resend`, { method: 'POST' }),
    /** The next `count` people a wave would invite (an audited read of them), and how many wait in all. */
    nextInvitees: (count: number) => call<WavePreview>(`/invites/next?${query({ count })}`),
    /** Sends the wave `id` (made by the tool) once: the same id again answers `repeated` and sends nothing. */
    sendWave: (id: string, count: number) =>
      call<{ wave: Wave; repeated: boolean }>('/invites/waves', json('POST', { id, count })),
    waves: () => call<{ waves: Wave[] }>('/invites/waves'),
    wavePeople: (id: string) => call<{ people: Invitee[] }>(`/invites/waves/${encodeURIComponent(id)}`),
    markActivated: (waitlistId: string) =>
      call<void>(`/invites/people/${encodeURIComponent(waitlistId)}/activate`, { method: 'POST' }),
    /** The copy experiments with their counts and verdicts, and the fields that can hold variants. */
    experiments: () => call<{ experiments: ExperimentResult[]; fields: FieldState[] }>('/experiments'),
    /** Referrals in each state and the held ones (an audited read of them). */
    referrals: () => call<ReferralReview>('/referrals'),
    /** Accepts (credits now) or rejects a held referral, named by its referred person's id. */
    decideReferral: (id: string, decision: 'accept' | 'reject') =>
      call<void>(`/referrals/${encodeURIComponent(id)}/${decision}`, { method: 'POST' }),
    /** How many confirmed people the filter reaches now (an audited count). */
    countUpdate: (filter: UpdateFilter) =>
      call<{ total: number; pt: number; en: number }>('/updates/count', json('POST', { filter })),
    /** The update in both languages as the first reader the filter reaches gets it (an audited read of them). */
    previewUpdate: (documentId: string, filter: UpdateFilter) =>
      call<Record<'pt' | 'en', RenderedUpdate>>('/updates/preview', json('POST', { documentId, filter })),
    /** Sends the update in both languages to the address the operator typed, at once. */
    testUpdate: (documentId: string, to: string) => call<void>('/updates/test', json('POST', { documentId, to })),
    /** Sends the update `id` (made by the tool when it counted) once: the same id again answers `repeated`. */
    sendUpdate: (update: { id: string; documentId: string; filter: UpdateFilter; sendAt?: string }) =>
      call<{ update: Update; repeated: boolean }>('/updates', json('POST', update)),
    updates: () => call<{ updates: Update[] }>('/updates'),
    /** The published updates and the pages served, to pick from. */
    updateChoices: () => call<UpdateChoices>('/updates/choices'),
    pauseUpdate: (id: string, paused: boolean) =>
      call<void>(`/updates/${encodeURIComponent(id)}/${paused ? 'pause' : 'resume'}`, { method: 'POST' }),
    /** Queues the update's unconfirmed messages again (some readers may get it twice); answers how many. */
    resendUnconfirmed: (id: string) =>
      call<{ queued: number }>(`/updates/${encodeURIComponent(id)}/resend-unconfirmed`, { method: 'POST' }),
    /** What the content has that its schema does not allow, each value dropped for its fallback, with its document in the Studio. */
    contentProblems: () => call<{ problems: ListedContentProblem[] }>('/content-problems'),
    /** The CSV export, downloaded by the browser with the credential (a link, not a fetch). */
    exportUrl: `${base}/waitlist.csv`,
  }
}

export type LaunchApi = ReturnType<typeof createLaunchApi>
