import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DeliverDependencies } from '../../supabase/functions/_shared/deliver-welcomes.ts'
import { startWelcomeSender, type WelcomeSender } from './welcome-sender.ts'

/** A sender whose first claim waits for `release()`; later claims find nothing due. No periodic sweep during the test. */
function setup() {
  let release: () => void = () => undefined
  const firstClaim = new Promise<[]>((resolve) => (release = () => resolve([])))
  const claimDue = vi.fn().mockReturnValueOnce(firstClaim).mockResolvedValue([])
  const deps = {
    store: { claimDue, markSent: vi.fn(), markFailed: vi.fn() },
    mailer: { send: vi.fn() },
    compose: vi.fn(),
    log: vi.fn(),
  } satisfies DeliverDependencies
  const afterDelivery = vi.fn(async () => undefined)
  const sender = startWelcomeSender(async () => deps, 3_600_000, afterDelivery)
  return { sender, claimDue, afterDelivery, release: () => release() }
}

const microtasks = async (count: number) => {
  for (let i = 0; i < count; i += 1) await Promise.resolve()
}

describe('startWelcomeSender', () => {
  let sender: WelcomeSender | undefined
  afterEach(async () => sender?.stop())

  it('coalesces kicks during a sweep into one more sweep', async () => {
    const setupResult = setup()
    sender = setupResult.sender
    sender.kick()
    await vi.waitFor(() => expect(setupResult.claimDue).toHaveBeenCalledTimes(1))
    sender.kick()
    sender.kick()
    setupResult.release()
    await sender.idle()
    expect(setupResult.claimDue).toHaveBeenCalledTimes(2)
  })

  // Whenever the kick lands relative to the end of the sweep in progress (before its last
  // check, between that check and the sweep's end, or after), the welcome just recorded
  // must be swept now, not at the next periodic sweep.
  it.each(Array.from({ length: 8 }, (_, hops) => hops))(
    'sweeps again when kicked as a sweep ends (%i microtasks after it was released)',
    async (hops) => {
      const setupResult = setup()
      sender = setupResult.sender
      sender.kick()
      await vi.waitFor(() => expect(setupResult.claimDue).toHaveBeenCalledTimes(1))
      setupResult.release()
      await microtasks(hops)
      sender.kick()
      // idle() is the sweep the kick joined or started, its last claim included.
      await sender.idle()
      expect(setupResult.claimDue).toHaveBeenCalledTimes(2)
    },
  )

  it('runs the step after delivery once per sweep, after the outbox was swept', async () => {
    const setupResult = setup()
    sender = setupResult.sender
    sender.kick()
    await vi.waitFor(() => expect(setupResult.claimDue).toHaveBeenCalledTimes(1))
    expect(setupResult.afterDelivery).not.toHaveBeenCalled()
    setupResult.release()
    await sender.idle()
    expect(setupResult.afterDelivery).toHaveBeenCalledTimes(1)
  })

  it('finishes the sweep in progress on stop and ignores later kicks', async () => {
    const setupResult = setup()
    sender = setupResult.sender
    sender.kick()
    await vi.waitFor(() => expect(setupResult.claimDue).toHaveBeenCalledTimes(1))
    const stopped = sender.stop()
    setupResult.release()
    await stopped
    sender.kick()
    await sender.idle()
    expect(setupResult.claimDue).toHaveBeenCalledTimes(1)
  })
})
