import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeliverDependencies } from '../../supabase/functions/_shared/delivery/deliver-welcomes.ts'
import type { Claim } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import { startWelcomeSender, type WelcomeSender } from './welcome-sender.ts'

const nothing: Claim = { welcomes: [], claimAgainIn: null }

/**
 * A sender over an outbox that is always empty; its first claim waits for `release()` when
 * `holdFirstClaim`, its first claims fail with `failingClaims`, and the first sweep hears the
 * next welcome is due in `firstNextDueIn` seconds. All set before it starts: it sweeps at once.
 * No periodic sweep during a test (an hour apart).
 */
function setup({ holdFirstClaim = false, failingClaims = [] as Error[], firstNextDueIn = null as number | null } = {}) {
  let release: () => void = () => undefined
  const firstClaim = new Promise<Claim>((resolve) => (release = () => resolve(nothing)))
  const claimDue = vi.fn(async (_limit: number): Promise<Claim> => nothing)
  if (holdFirstClaim) claimDue.mockReturnValueOnce(firstClaim)
  for (const error of failingClaims) claimDue.mockRejectedValueOnce(error)
  const nextDueIn = vi.fn(async (): Promise<number | null> => null).mockResolvedValueOnce(firstNextDueIn)
  const log = vi.fn()
  const counts = vi.fn(async () => ({ pending: 0, failed: 0, oldestPendingSeconds: null }))
  const deps: DeliverDependencies = {
    store: {
      claimDue,
      nextDueIn,
      renewLeases: vi.fn(),
      markSent: vi.fn(),
      markSentOnce: vi.fn(),
      markAccepted: vi.fn(),
      takeBackSent: vi.fn(),
      markFailed: vi.fn(),
      release: vi.fn(),
    },
    mailer: { send: vi.fn() },
    compose: vi.fn(),
    log,
    policy: {
      concurrency: 2,
      perSecond: null,
      updatePerSecond: null,
      leaseSeconds: 10,
      retrySeconds: 2,
      maxAttempts: 10,
      maxAgeSeconds: 86_400,
    },
  }
  const afterDelivery = vi.fn(async () => undefined)
  const sender = startWelcomeSender(deps, { sweepMs: 3_600_000, counts, afterDelivery })
  return { sender, claimDue, nextDueIn, log, counts, afterDelivery, release: () => release() }
}

const microtasks = async (count: number) => {
  for (let i = 0; i < count; i += 1) await Promise.resolve()
}

describe('startWelcomeSender', () => {
  let sender: WelcomeSender | undefined
  afterEach(async () => sender?.stop())

  it('sweeps as soon as it starts, and logs the outbox’s counts', async () => {
    const started = setup()
    sender = started.sender
    await sender.idle()
    expect(started.claimDue).toHaveBeenCalledTimes(1)
    expect(started.log).toHaveBeenCalledWith('info', 'welcome outbox', { pending: 0, failed: 0, oldestPendingSeconds: null })
  })

  it('coalesces kicks during a sweep into one more sweep', async () => {
    const started = setup({ holdFirstClaim: true })
    sender = started.sender
    await vi.waitFor(() => expect(started.claimDue).toHaveBeenCalledTimes(1))
    sender.kick()
    sender.kick()
    started.release()
    await sender.idle()
    expect(started.claimDue).toHaveBeenCalledTimes(2)
  })

  // Whenever the kick lands relative to the end of the sweep in progress (before its last
  // check, between that check and the sweep's end, or after), the welcome just recorded
  // must be swept now, not at the next periodic sweep.
  it.each(Array.from({ length: 8 }, (_, hops) => hops))(
    'sweeps again when kicked as a sweep ends (%i microtasks after it was released)',
    async (hops) => {
      const started = setup({ holdFirstClaim: true })
      sender = started.sender
      await vi.waitFor(() => expect(started.claimDue).toHaveBeenCalledTimes(1))
      started.release()
      await microtasks(hops)
      sender.kick()
      // idle() is the sweep the kick joined or started, its last claim included.
      await sender.idle()
      expect(started.claimDue).toHaveBeenCalledTimes(2)
    },
  )

  it('runs the step after delivery once per sweep, after the outbox was swept', async () => {
    const started = setup({ holdFirstClaim: true })
    sender = started.sender
    await vi.waitFor(() => expect(started.claimDue).toHaveBeenCalledTimes(1))
    expect(started.afterDelivery).not.toHaveBeenCalled()
    started.release()
    await sender.idle()
    expect(started.afterDelivery).toHaveBeenCalledTimes(1)
  })

  it('sweeps again by itself when the outbox says the next welcome falls due', async () => {
    const started = setup({ firstNextDueIn: 0.01 })
    sender = started.sender
    await vi.waitFor(() => expect(started.claimDue).toHaveBeenCalledTimes(2))
  })

  it('tries again soon after the outbox could not be read, and says so once', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    const started = setup({ failingClaims: [refused, refused] })
    sender = started.sender
    await vi.waitFor(() => expect(started.claimDue).toHaveBeenCalledTimes(3), { timeout: 5_000 })
    await sender.idle()
    expect(started.log.mock.calls.filter(([level]) => level === 'error')).toEqual([
      ['error', 'welcome sweep failed, retrying', { error: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ])
    expect(started.log).toHaveBeenCalledWith('info', 'welcome outbox readable again', { after: 2 })
  })

  it('finishes the sweep in progress on stop and ignores later kicks', async () => {
    const started = setup({ holdFirstClaim: true })
    sender = started.sender
    await vi.waitFor(() => expect(started.claimDue).toHaveBeenCalledTimes(1))
    const stopped = sender.stop()
    started.release()
    await stopped
    sender.kick()
    await sender.idle()
    expect(started.claimDue).toHaveBeenCalledTimes(1)
  })
})
