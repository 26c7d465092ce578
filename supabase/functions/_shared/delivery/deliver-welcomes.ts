import type { DeliveryPolicy } from './delivery-policy.ts'
import { sweepWithin } from '../runtime/sweep-within.ts'
import { persistWithinLease, renewWhileHeld } from '../runtime/leases.ts'
import type { Log } from '../runtime/http.ts'
import type { ComposeMail } from './mail-composer.ts'
import { recordedTogether } from './recorded-together.ts'
import { FateUnknown, failureKind, NotCommitted, type FailureKind, type Mailer } from './mailer.ts'
import { isPlainMailbox } from '../welcome/plain-mailbox.ts'
import type { PendingWelcome, WelcomeStore } from '../welcome/welcome-store.ts'

export interface DeliverDependencies {
  store: Pick<
    WelcomeStore,
    | 'claimDue'
    | 'renewLeases'
    | 'markSent'
    | 'markSentOnce'
    | 'markAccepted'
    | 'takeBackSent'
    | 'markFailed'
    | 'release'
    | 'nextDueIn'
  >
  mailer: Mailer
  /** The message for one entry of the outbox (a welcome or an invitation): its copy, personal links and headers. */
  compose: ComposeMail
  log: Log
  policy: DeliveryPolicy
  /** Where the sender shares its process with visitors' requests (the self-hosted server). */
  visitorsFirst?: VisitorsFirst
  /** Told what came of each try (the self-hosted server's metrics). */
  onSend?: (message: PendingWelcome, result: SendResult) => void
}

/**
 * What came of one try: sent; deferred and due again (`retry`); given up (`failed`); or the mail
 * service was away and the message given back without counting the try (`unavailable`).
 */
export type SendResult = 'sent' | 'retry' | 'failed' | 'unavailable'

/**
 * Sending gives way to visitors: while `busy()` (sign-up requests are being answered) nothing is
 * sent for up to `holdMs`, so a burst of sign-ups runs at full speed and its welcomes go out right
 * after; a load that lasts longer gets one message at a time until it eases.
 */
export interface VisitorsFirst {
  busy(): boolean
  holdMs: number
}

export interface DeliveryReport {
  sent: number
  /** Failed this time, due again after a backoff. */
  retried: number
  /** Given up on: marked failed with the reason. */
  failed: number
  /** The mail service could not be reached: the welcomes in hand were given back for later. */
  unavailable: boolean
  /** Seconds until something is due again (0: at once); null when nothing is pending. */
  retryIn: number | null
}

/**
 * `sent`: accepted, to be recorded; `recorded`: an update's message, recorded as sent before the
 * mail service could accept it (decision 0088), then accepted, which is to be recorded (decision
 * 0091); `unconfirmed`: recorded as sent, and nobody knows whether the mail service kept it (it
 * stays unconfirmed); `left`: not recorded, so not sent, and left to its lease (another sender has
 * it, or the record could not be written).
 */
type Outcome =
  | { kind: 'sent' }
  | { kind: 'recorded' }
  | { kind: 'unconfirmed' }
  | { kind: 'left'; reason: string }
  | { kind: 'unavailable'; reason: string }
  | { kind: Exclude<FailureKind, 'unavailable'>; reason: string }

const failure = (kind: FailureKind, reason: string): Outcome => (kind === 'unavailable' ? { kind, reason } : { kind, reason })

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
/** The domain of the sender's address (`Pulso <boas-vindas@pulso.app>`: `pulso.app`), for Message-IDs. */
const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
/**
 * The Message-ID's key: one per message, the same on every try of it. A person gets one welcome and
 * one invitation, but a place email each time their place changes (queued anew, at `queuedAt`), and
 * one message of each update.
 */
function messageKey({ kind, waitlistId, queuedAt, updateId }: PendingWelcome): string {
  switch (kind) {
    case 'standing':
      return `${kind}-${waitlistId}-${queuedAt ?? 0}`
    case 'update':
      return `${kind}-${updateId ?? 'unknown'}-${waitlistId}`
    default:
      return `${kind}-${waitlistId}`
  }
}
/** How often a worker held back for visitors looks again. */
const YIELD_MS = 20
/**
 * The longest wait for the rate a sweep sits out itself, claiming again the moment the window has
 * room (a provider's window is a second): a longer one ends the sweep, which says when to come back.
 */
const RATE_WAIT_MAX_MS = 1_000
/** A sweep waits for the rate only this long after it began, then ends: its caller's other steps run between sweeps. */
const RATE_SWEEP_MAX_MS = 30_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Resolves after `ms`, or at once when `signal` aborts. */
const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal?.addEventListener('abort', done)
  })

/**
 * Sends every welcome that is due, `policy.concurrency` at a time, claiming the next batch while
 * the last one is still going out, until nothing is left due, the mail service goes away or
 * `signal` aborts. Where a rate holds the next claim back for at most a second, the sweep claims
 * again the moment the rate allows instead of ending: an update goes out at its rate, not a
 * restart's time short of it. Welcomes in hand stay leased (renewed every third of the lease) until
 * their outcome is recorded; those never sent are given back. Throws only when the outbox cannot be read.
 */
export async function deliverDueWelcomes(deps: DeliverDependencies, signal?: AbortSignal): Promise<DeliveryReport> {
  const { store, policy, log } = deps
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, unavailable: false, retryIn: null }
  const queue: PendingWelcome[] = []
  /** Claimed and not yet recorded: queued or being sent. */
  const held = new Set<number>()
  let claimAgainIn: number | null = 0
  /** When (performance.now()) the rate allows the next claim: `claimAgainIn` counted from when the last claim began. */
  let claimableAt = 0
  const sweepStarted = performance.now()
  let claiming: Promise<void> | undefined
  let claimError: unknown
  /** When the visitors' current busy spell began, as this sweep saw it. */
  let busySince: number | undefined

  const halted = () => report.unavailable || claimError !== undefined || Boolean(signal?.aborted)
  /** Only the rate holds the next claim back, for a wait this sweep sits out. */
  const waitingForRate = () =>
    !halted() &&
    claimAgainIn !== null &&
    claimAgainIn > 0 &&
    claimAgainIn * 1000 <= RATE_WAIT_MAX_MS &&
    performance.now() - sweepStarted < RATE_SWEEP_MAX_MS
  const mayClaim = () => claimAgainIn === 0 || (waitingForRate() && performance.now() >= claimableAt)
  /**
   * Whether anything falls due by the time the rate allows the next claim, asked once a wait by the
   * workers left with nothing to send: the window may have ended a batch that was the outbox's last.
   */
  let dueAfterWait: { at: number; due: Promise<boolean> } | undefined
  const anythingDueAfterWait = () => {
    if (dueAfterWait?.at !== claimableAt) {
      const due = store.nextDueIn().then(
        (next) => next !== null && next * 1000 <= RATE_WAIT_MAX_MS,
        // The sweep's own look at the outbox, as it ends, reports what went wrong.
        () => false,
      )
      dueAfterWait = { at: claimableAt, due }
    }
    return dueAfterWait.due
  }

  const claim = async () => {
    try {
      const startedAt = performance.now()
      const batch = await store.claimDue(policy.concurrency * 2, policy)
      claimAgainIn = batch.claimAgainIn
      claimableAt = startedAt + (claimAgainIn ?? 0) * 1000
      // A welcome this sweep already holds (its lease ran out while it was in flight) is not sent twice.
      for (const welcome of batch.welcomes.filter((welcome) => !held.has(welcome.id))) {
        held.add(welcome.id)
        // Behind everything else within the sweep too: a welcome goes before the update messages an
        // earlier claim queued, as the claim put it before those still in the outbox.
        const firstUpdate = welcome.kind === 'update' ? -1 : queue.findIndex((queued) => queued.kind === 'update')
        queue.splice(firstUpdate === -1 ? queue.length : firstUpdate, 0, welcome)
      }
    } catch (error) {
      claimError = error
    }
  }

  const persist = <T>(write: () => Promise<T>) => persistWithinLease(policy.leaseSeconds, write)

  const notRecorded = (error: unknown, ids: number[]) =>
    log('error', 'welcome outcome not recorded; it will be tried again when its lease ends', { ids, error: messageOf(error) })

  /**
   * Outcomes not yet recorded, recorded together in one statement while the previous one runs; each
   * message is let go (its lease no longer renewed) once its statement answered.
   */
  const batched = (record: (ids: number[]) => Promise<void>, failed: (error: unknown, ids: number[]) => void) =>
    recordedTogether((ids) =>
      persist(() => record(ids))
        .catch((error: unknown) => failed(error, ids))
        .finally(() => {
          for (const id of ids) held.delete(id)
        }),
    )
  /** Update messages whose dot waits for their record as sent: recorded together (decision 0099). */
  const sentOnce = recordedTogether((ids) => store.markSentOnce(ids, policy.leaseSeconds))
  /** Welcomes sent, to be recorded as such. */
  const sent = batched((ids) => store.markSent(ids), notRecorded)
  /** Update messages recorded before their 250, whose 250 came: no longer unconfirmed (decision 0091). */
  const accepted = batched(
    (ids) => store.markAccepted(ids),
    (error, ids) =>
      log('error', 'update messages accepted but not recorded so; they will show as unconfirmed', {
        ids,
        error: messageOf(error),
      }),
  )

  const recordFailure = async (
    welcome: PendingWelcome,
    outcome: Exclude<Outcome, { kind: 'sent' | 'recorded' | 'unconfirmed' | 'left' }>,
  ) => {
    switch (outcome.kind) {
      case 'unavailable':
        deps.onSend?.(welcome, 'unavailable')
        if (!report.unavailable) log('warn', 'mail service unavailable, welcomes wait', { reason: outcome.reason })
        report.unavailable = true
        return persist(() => store.release([welcome.id], policy.retrySeconds, outcome.reason))
      default: {
        const status = await persist(() => store.markFailed(welcome.id, outcome.reason, outcome.kind, policy))
        deps.onSend?.(welcome, status === 'failed' ? 'failed' : 'retry')
        if (status === 'failed') {
          report.failed += 1
          log('warn', 'welcome given up', { id: welcome.id, attempts: welcome.attempts + 1, reason: outcome.reason })
        } else {
          report.retried += 1
          log('warn', 'welcome delivery failed, will retry', {
            id: welcome.id,
            attempt: welcome.attempts + 1,
            reason: outcome.reason,
          })
        }
      }
    }
  }

  const send = async (welcome: PendingWelcome): Promise<Outcome> => {
    if (!isPlainMailbox(welcome.email)) {
      return { kind: 'rejected', reason: 'Not an address mail can go to as it is (spaces, commas, quotes or brackets).' }
    }
    /**
     * An update's message is recorded as sent before the mail service can accept it: at most once
     * (decision 0088). Welcomes, invitations and place emails are recorded after, at least once: their
     * links are the person's way in, and a copy sent again shows once (the same Message-ID).
     */
    let recorded = false
    const commit =
      welcome.kind === 'update' ? async () => (recorded = (await sentOnce.record(welcome.id)).has(welcome.id)) : undefined
    try {
      const message = await deps.compose(welcome)
      await deps.mailer.send({ ...message, messageId: `<${messageKey(welcome)}@${domainOf(message.from)}>` }, { commit })
      return recorded ? { kind: 'recorded' } : { kind: 'sent' }
    } catch (error) {
      if (error instanceof NotCommitted) return { kind: 'left', reason: error.message }
      if (!recorded) return failure(failureKind(error), messageOf(error))
      if (error instanceof FateUnknown) {
        log('warn', 'update message recorded as sent; the mail service never answered for it', {
          id: welcome.id,
          reason: error.message,
        })
        return { kind: 'unconfirmed' }
      }
      // The mail service answered a refusal of what it was given: the record is taken back, then the
      // failure recorded as any other's.
      try {
        await persist(() => store.takeBackSent(welcome.id, policy.leaseSeconds))
      } catch (takeBack) {
        log('error', 'update message refused but still recorded as sent', { id: welcome.id, error: messageOf(takeBack) })
        return { kind: 'unconfirmed' }
      }
      return failure(failureKind(error), messageOf(error))
    }
  }

  const worker = async (index: number) => {
    for (;;) {
      // Visitors first: the first worker waits out the hold, the others the whole busy spell, or
      // leave once nothing is left to send (the sweep must end, so that the next kick starts another).
      while (deps.visitorsFirst?.busy() && !halted()) {
        busySince ??= Date.now()
        if (index === 0 && Date.now() - busySince >= deps.visitorsFirst.holdMs) break
        if (index > 0 && queue.length === 0 && !claiming && claimAgainIn !== 0 && !waitingForRate()) return
        await sleep(YIELD_MS)
      }
      if (!deps.visitorsFirst?.busy()) busySince = undefined
      if (!halted() && mayClaim() && !claiming && queue.length < policy.concurrency) {
        claiming = claim().finally(() => (claiming = undefined))
      }
      const welcome = halted() ? undefined : queue.shift()
      if (welcome) {
        const outcome = await send(welcome)
        if (outcome.kind === 'sent' || outcome.kind === 'recorded' || outcome.kind === 'unconfirmed') {
          deps.onSend?.(welcome, 'sent')
          report.sent += 1
          // An unconfirmed message is let go: its lease runs out, and the team sees it (decision 0091).
          if (outcome.kind === 'unconfirmed') held.delete(welcome.id)
          else void (outcome.kind === 'sent' ? sent : accepted).record(welcome.id)
          continue
        }
        if (outcome.kind === 'left') {
          log('warn', 'message not sent: not recorded; due again when its lease ends', { id: welcome.id, reason: outcome.reason })
          held.delete(welcome.id)
          continue
        }
        await recordFailure(welcome, outcome).catch((error: unknown) => notRecorded(error, [welcome.id]))
        held.delete(welcome.id)
      } else if (claiming) {
        await claiming
      } else if (waitingForRate() && (await anythingDueAfterWait())) {
        await pause(claimableAt - performance.now(), signal)
      } else {
        return
      }
    }
  }

  const stopRenewing = renewWhileHeld(held, {
    leaseSeconds: policy.leaseSeconds,
    renew: (ids) => store.renewLeases(ids, policy.leaseSeconds),
    log,
    what: 'welcome',
  })
  try {
    await Promise.all(Array.from({ length: policy.concurrency }, (_, index) => worker(index)))
    await Promise.all([sent.settled(), accepted.settled()])
  } finally {
    stopRenewing()
    const unsent = queue.splice(0).map((welcome) => welcome.id)
    if (unsent.length > 0) {
      await store
        .release(unsent, report.unavailable ? policy.retrySeconds : 0, null)
        .catch((error: unknown) =>
          log('warn', 'unsent welcomes not given back; due when their lease ends', { error: messageOf(error) }),
        )
    }
  }
  if (claimError !== undefined) throw claimError

  const nextDue = await store.nextDueIn()
  // The rate stopped the last claim: nothing goes before it allows more, however much is due (what
  // is left of its wait: the sweep went on sending since).
  report.retryIn = nextDue === null ? null : Math.max(nextDue, (claimableAt - performance.now()) / 1000)
  return report
}

/**
 * Delivers what is due, and what falls due within seconds (a quick retry, the rate), for at most
 * `budgetMs` (an edge function's time), then reports.
 */
export const deliverWithin = (deps: DeliverDependencies, budgetMs: number): Promise<DeliveryReport> =>
  sweepWithin(
    budgetMs,
    (signal) => deliverDueWelcomes(deps, signal),
    (total, report) => ({
      sent: total.sent + report.sent,
      retried: total.retried + report.retried,
      failed: total.failed + report.failed,
      unavailable: total.unavailable || report.unavailable,
      retryIn: report.retryIn,
    }),
  )
