import { describe, expect, it, vi } from 'vitest'
import { deliverDueWelcomes, deliverWithin, type DeliverDependencies } from './deliver-welcomes.ts'
import type { DeliveryPolicy } from './delivery-policy.ts'
import { commitOrStop, DeliveryError, FateUnknown, type MailMessage, type SendOptions } from './mailer.ts'
import type { Claim, PendingWelcome } from '../welcome/welcome-store.ts'

const policy: DeliveryPolicy = {
  concurrency: 3,
  perSecond: null,
  updatePerSecond: null,
  leaseSeconds: 10,
  retrySeconds: 2,
  maxAttempts: 10,
  maxAgeSeconds: 86_400,
}

const welcome = (id: number, fields: Partial<PendingWelcome> = {}): PendingWelcome => ({
  id,
  kind: 'welcome',
  inviteCode: null,
  waitlistId: `entry-${id}`,
  email: `person-${id}@empresa.com`,
  name: `Pessoa ${id}`,
  locale: 'pt',
  attempts: 0,
  ...fields,
})

/**
 * An outbox of `due` welcomes handed out in batches of the size asked, the way the database
 * does (claim_again_in 0 while a batch comes back full); `send` decides each message's fate.
 */
function setup(due: PendingWelcome[], send: (message: MailMessage) => Promise<void> = async () => undefined, overrides = {}) {
  const remaining = [...due]
  const sent: MailMessage[] = []
  const store = {
    claimDue: vi.fn(async (limit: number): Promise<Claim> => {
      const welcomes = remaining.splice(0, limit)
      return { welcomes, claimAgainIn: welcomes.length === limit ? 0 : null }
    }),
    renewLeases: vi.fn(async (_ids: number[], _leaseSeconds: number): Promise<void> => undefined),
    markSent: vi.fn(async (_ids: number[]) => undefined),
    markSentOnce: vi.fn(async (ids: number[], _leaseSeconds: number) => new Set(ids)),
    markAccepted: vi.fn(async (_ids: number[]) => undefined),
    takeBackSent: vi.fn(async (_id: number, _leaseSeconds: number) => undefined),
    markFailed: vi.fn(
      async (_id: number, _reason: string, kind: 'rejected' | 'unsendable' | 'deferred', _policy: DeliveryPolicy) =>
        kind === 'deferred' ? ('pending' as const) : ('failed' as const),
    ),
    release: vi.fn(async (_ids: number[], _afterSeconds: number, _reason: string | null) => undefined),
    nextDueIn: vi.fn(async (): Promise<number | null> => null),
  }
  const mailer = {
    // As every mailer: the commit, if any, before the point of no return.
    send: vi.fn(async (message: MailMessage, options?: SendOptions) => {
      await commitOrStop(options?.commit)
      await send(message)
      sent.push(message)
    }),
  }
  const log = vi.fn()
  // Composing is mail-composer.ts's job (tested there); here each message names its welcome.
  const compose = vi.fn(async (welcome: PendingWelcome) => ({
    from: 'Pulso <boas-vindas@pulso.app>',
    to: welcome.email,
    replyTo: 'ola@pulso.app',
    subject: `welcome ${welcome.id} (${welcome.locale})`,
    text: '',
    html: '',
  }))
  const deps: DeliverDependencies = { store, mailer, log, compose, policy: { ...policy, ...overrides } }
  return { deps, store, mailer, log, sent, compose }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A promise and the function that settles it, for sends that wait on the test. */
function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('deliverDueWelcomes', () => {
  it('sends every due welcome as composed, claiming batch after batch until the outbox is empty', async () => {
    const due = [welcome(1), welcome(2, { locale: 'en' }), ...[3, 4, 5, 6, 7, 8, 9].map((id) => welcome(id))]
    const { deps, store, sent, compose } = setup(due)
    expect(await deliverDueWelcomes(deps)).toEqual({ sent: 9, retried: 0, failed: 0, unavailable: false, retryIn: null })
    expect(store.claimDue.mock.calls.map(([limit]) => limit)).toEqual([6, 6])
    expect(compose).toHaveBeenCalledTimes(9)
    expect(store.markSent.mock.calls.flatMap(([ids]) => ids).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(store.markSent.mock.calls.length).toBeLessThan(9)
    expect(sent.find((message) => message.to === 'person-1@empresa.com')).toMatchObject({
      from: 'Pulso <boas-vindas@pulso.app>',
      subject: 'welcome 1 (pt)',
      // The same for every attempt at this welcome: a copy sent again after a crash is the same message.
      messageId: '<welcome-entry-1@pulso.app>',
    })
    expect(sent.find((message) => message.to === 'person-2@empresa.com')?.subject).toBe('welcome 2 (en)')
  })

  it('gives each update its own Message-ID for a person, the same on every try of it', async () => {
    const update = (id: number, updateId: string) =>
      welcome(id, { kind: 'update', waitlistId: 'entry-1', email: `try-${id}@empresa.com`, updateId, documentId: 'update-beta' })
    const { deps, sent } = setup([update(1, 'u-1'), update(2, 'u-2'), update(3, 'u-1')])
    await deliverDueWelcomes(deps)
    expect(sent.map((message) => message.messageId)).toEqual([
      '<update-u-1-entry-1@pulso.app>',
      '<update-u-2-entry-1@pulso.app>',
      '<update-u-1-entry-1@pulso.app>',
    ])
  })

  it('records a welcome that could not be composed as a failure to retry, and sends the others', async () => {
    const { deps, store, compose, sent } = setup([welcome(1), welcome(2)])
    compose.mockRejectedValueOnce(new Error('database unreachable'))
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 1, retried: 1, failed: 0 })
    expect(store.markFailed).toHaveBeenCalledExactlyOnceWith(1, 'database unreachable', 'deferred', deps.policy)
    expect(sent.map((message) => message.to)).toEqual(['person-2@empresa.com'])
  })

  it('never has more than `concurrency` messages in flight', async () => {
    let inFlight = 0
    let most = 0
    const { deps } = setup(
      Array.from({ length: 20 }, (_, i) => welcome(i + 1)),
      async () => {
        inFlight += 1
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setImmediate(resolve))
        inFlight -= 1
      },
    )
    expect((await deliverDueWelcomes(deps)).sent).toBe(20)
    expect(most).toBe(3)
  })

  it('sends nothing while visitors are being answered, then all at once', async () => {
    // Busy for the first ten looks, whenever they come.
    let looks = 0
    const busy = () => (looks += 1) <= 10
    let sentWhileBusy = 0
    const { deps } = setup(
      Array.from({ length: 6 }, (_, i) => welcome(i + 1)),
      async () => {
        if (looks <= 10) sentWhileBusy += 1
      },
    )
    expect((await deliverDueWelcomes({ ...deps, visitorsFirst: { busy, holdMs: 60_000 } })).sent).toBe(6)
    expect(looks).toBeGreaterThan(10)
    expect(sentWhileBusy).toBe(0)
  })

  it('sends one message at a time once visitors have kept it busy past the hold, and the sweep still ends', async () => {
    let inFlight = 0
    let most = 0
    const { deps } = setup(
      Array.from({ length: 8 }, (_, i) => welcome(i + 1)),
      async () => {
        inFlight += 1
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setImmediate(resolve))
        inFlight -= 1
      },
    )
    expect((await deliverDueWelcomes({ ...deps, visitorsFirst: { busy: () => true, holdMs: 0 } })).sent).toBe(8)
    expect(most).toBe(1)
  })

  it('records each failure by its kind and carries on with the others', async () => {
    const { deps, store, log, sent } = setup([welcome(1), welcome(2), welcome(3), welcome(4)], async (message) => {
      if (message.to === 'person-1@empresa.com') throw new DeliveryError('rejected', '550 No such user')
      if (message.to === 'person-2@empresa.com') throw new Error('451 Try again later')
      if (message.to === 'person-4@empresa.com') throw new DeliveryError('unsendable', 'Resend answered 400')
    })
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 1, retried: 1, failed: 2, unavailable: false })
    expect(store.markFailed).toHaveBeenCalledWith(1, '550 No such user', 'rejected', deps.policy)
    expect(store.markFailed).toHaveBeenCalledWith(2, '451 Try again later', 'deferred', deps.policy)
    expect(store.markFailed).toHaveBeenCalledWith(4, 'Resend answered 400', 'unsendable', deps.policy)
    expect(store.markSent).toHaveBeenCalledExactlyOnceWith([3])
    expect(sent.map((message) => message.to)).toEqual(['person-3@empresa.com'])
    expect(log).toHaveBeenCalledWith(
      'warn',
      'welcome delivery failed, will retry',
      expect.objectContaining({ id: 2, attempt: 1 }),
    )
  })

  it('counts a welcome the store gave up on as failed, and says why in the log', async () => {
    const { deps, store, log } = setup([welcome(4, { attempts: 9 })], async () => {
      throw new DeliveryError('deferred', '451 Still not now')
    })
    store.markFailed.mockResolvedValueOnce('failed')
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 0, retried: 0, failed: 1 })
    expect(log).toHaveBeenCalledWith('warn', 'welcome given up', { id: 4, attempts: 10, reason: '451 Still not now' })
  })

  it('records an update’s message before it can be accepted, and a welcome only after', async () => {
    const update = (id: number) => welcome(id, { kind: 'update', updateId: 'u1', documentId: 'doc' })
    const { deps, store, sent } = setup([welcome(1), update(2), update(3)], async () => {
      // Accepted only once recorded: the mailer calls the commit first.
      expect(store.markSentOnce.mock.calls.flatMap(([ids]) => ids).length).toBeGreaterThanOrEqual(sent.length)
    })
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 3, retried: 0, failed: 0 })
    expect(store.markSentOnce.mock.calls.flatMap(([ids]) => ids).sort()).toEqual([2, 3])
    expect(new Set(store.markSentOnce.mock.calls.map(([, leaseSeconds]) => leaseSeconds))).toEqual(new Set([policy.leaseSeconds]))
    expect(store.markSent.mock.calls.flatMap(([ids]) => ids)).toEqual([1])
    // The server's 250 for each update message, recorded after it: they are no longer unconfirmed.
    expect(store.markAccepted.mock.calls.flatMap(([ids]) => ids).sort()).toEqual([2, 3])
    expect(store.takeBackSent).not.toHaveBeenCalled()
  })

  it('records the update messages waiting for their record together, and sends only those it recorded', async () => {
    const update = (id: number) => welcome(id, { kind: 'update', updateId: 'u1', documentId: 'doc' })
    const firstRecord = gate()
    const { deps, store, sent, mailer } = setup([1, 2, 3].map(update))
    // The first record is held until the other two messages ask for theirs; of those, another sender took 3.
    store.markSentOnce
      .mockImplementationOnce(async (ids: number[]) => {
        await firstRecord.opened
        return new Set(ids)
      })
      .mockImplementationOnce(async () => new Set([2]))
    const delivering = deliverDueWelcomes(deps)
    await vi.waitFor(() => expect(store.markSentOnce).toHaveBeenCalledOnce())
    await vi.waitFor(() => expect(mailer.send).toHaveBeenCalledTimes(3))
    // The other two reach their commit within the same turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve))
    firstRecord.open()
    expect(await delivering).toMatchObject({ sent: 2, retried: 0, failed: 0 })
    expect(store.markSentOnce.mock.calls.map(([ids]) => ids)).toEqual([[1], [2, 3]])
    expect(sent.map((message) => message.to)).toEqual(['person-1@empresa.com', 'person-2@empresa.com'])
    expect(store.markAccepted.mock.calls.flatMap(([ids]) => ids).sort()).toEqual([1, 2])
  })

  it('keeps holding an update’s message recorded as sent until its 250 is recorded', async () => {
    const sending = gate()
    const update = welcome(1, { kind: 'update', updateId: 'u1', documentId: 'doc' })
    const { deps, store } = setup([update], () => sending.opened, { leaseSeconds: 0.03 })
    store.renewLeases.mockImplementation(async () => {
      sending.open()
      return undefined
    })
    await deliverDueWelcomes(deps)
    // Renewed while the server had not answered yet, after the record: in flight, not unconfirmed.
    expect(store.markSentOnce).toHaveBeenCalledBefore(store.renewLeases)
    expect(store.renewLeases.mock.calls[0]).toEqual([[1], 0.03])
    expect(store.markAccepted).toHaveBeenCalledExactlyOnceWith([1])
  })

  it('sends a welcome a later claim brings before the update messages an earlier one queued', async () => {
    const update = (id: number) => welcome(id, { kind: 'update', updateId: 'u1', documentId: 'doc' })
    // The third update takes longest, so the second claim lands while the sixth still waits in the sweep.
    const { deps, store, sent } = setup([], (message) => sleep(message.to === 'person-3@empresa.com' ? 50 : 5))
    store.claimDue
      .mockResolvedValueOnce({ welcomes: [1, 2, 3, 4, 5, 6].map(update), claimAgainIn: 0 })
      .mockResolvedValueOnce({ welcomes: [welcome(10)], claimAgainIn: null })
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 7 })
    const order = sent.map((message) => message.to)
    expect(order.indexOf('person-10@empresa.com')).toBeLessThan(order.indexOf('person-6@empresa.com'))
  })

  it('takes back an update’s record when the server refuses what it was given, then records the failure', async () => {
    const update = (id: number) => welcome(id, { kind: 'update', updateId: 'u1', documentId: 'doc' })
    const { deps, store } = setup([update(1), update(2), update(3)], async (message) => {
      if (message.to === 'person-1@empresa.com') throw new DeliveryError('rejected', '550 5.1.1 No such user')
      if (message.to === 'person-2@empresa.com') throw new DeliveryError('deferred', '451 Try again later')
      if (message.to === 'person-3@empresa.com') throw new FateUnknown('connection ended after the dot')
    })
    // The third's fate is unknown: it stays recorded as sent (at most once), with a warning.
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 1, retried: 1, failed: 1 })
    expect(store.takeBackSent.mock.calls.map(([id]) => id).sort()).toEqual([1, 2])
    expect(store.markFailed).toHaveBeenCalledWith(1, '550 5.1.1 No such user', 'rejected', deps.policy)
    expect(store.markFailed).toHaveBeenCalledWith(2, '451 Try again later', 'deferred', deps.policy)
    expect(store.markSent).not.toHaveBeenCalled()
    // Nor is it confirmed: its lease runs out and the team sees it unconfirmed (decision 0091).
    expect(store.markAccepted).not.toHaveBeenCalled()
  })

  it('sends nothing of an update’s message another sender recorded, and records nothing of it', async () => {
    const update = welcome(1, { kind: 'update', updateId: 'u1', documentId: 'doc' })
    const { deps, store, sent, log } = setup([update])
    store.markSentOnce.mockResolvedValueOnce(new Set())
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 0, retried: 0, failed: 0 })
    expect(sent).toEqual([])
    expect([store.markSent, store.markFailed, store.takeBackSent, store.release].map((fn) => fn.mock.calls.length)).toEqual([
      0, 0, 0, 0,
    ])
    expect(log).toHaveBeenCalledWith('warn', expect.stringMatching(/not sent/), expect.objectContaining({ id: 1 }))
  })

  it('refuses, without sending, an address a mail system could read as someone else', async () => {
    const { deps, store, mailer } = setup([welcome(5, { email: 'junk,victim@empresa.com' })])
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 0, failed: 1 })
    expect(mailer.send).not.toHaveBeenCalled()
    expect(store.markFailed).toHaveBeenCalledExactlyOnceWith(5, expect.stringMatching(/commas/), 'rejected', deps.policy)
  })

  it('stops when the mail service is unavailable, giving back every welcome it holds without counting a try', async () => {
    const { deps, store, mailer, log } = setup(
      Array.from({ length: 30 }, (_, i) => welcome(i + 1)),
      async () => {
        throw new DeliveryError('unavailable', 'connect ECONNREFUSED 127.0.0.1:2525')
      },
    )
    store.nextDueIn.mockResolvedValue(2)
    expect(await deliverDueWelcomes(deps)).toEqual({ sent: 0, retried: 0, failed: 0, unavailable: true, retryIn: 2 })
    expect(mailer.send).toHaveBeenCalledTimes(3)
    expect(store.markFailed).not.toHaveBeenCalled()
    expect(store.claimDue).toHaveBeenCalledTimes(1)
    const released = store.release.mock.calls.flatMap(([ids, after]) => ids.map((id) => [id, after]))
    expect(released.map(([id]) => id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6])
    expect(released.every(([, after]) => after === 2)).toBe(true)
    expect(log.mock.calls.filter(([, message]) => message === 'mail service unavailable, welcomes wait')).toHaveLength(1)
  })

  it('when aborted, lets the messages in flight finish and gives the rest back at once', async () => {
    const stop = new AbortController()
    const sending = gate()
    const { deps, store, mailer } = setup(
      Array.from({ length: 10 }, (_, i) => welcome(i + 1)),
      async () => {
        stop.abort()
        await sending.opened
      },
    )
    const delivery = deliverDueWelcomes(deps, stop.signal)
    await vi.waitFor(() => expect(mailer.send).toHaveBeenCalled())
    sending.open()
    const report = await delivery
    expect(report.sent).toBe(mailer.send.mock.calls.length)
    expect(store.release).toHaveBeenCalledExactlyOnceWith(expect.any(Array), 0, null)
    const given = store.release.mock.calls[0]?.[0] ?? []
    expect(given.length + report.sent).toBe(6)
  })

  it('renews the leases of the welcomes it holds while a send takes long', async () => {
    const sending = gate()
    const { deps, store } = setup([welcome(1), welcome(2)], () => sending.opened, { leaseSeconds: 0.03 })
    store.renewLeases.mockImplementation(async () => {
      sending.open()
      return undefined
    })
    await deliverDueWelcomes(deps)
    expect(store.renewLeases.mock.calls[0]).toEqual([[1, 2], 0.03])
  })

  it('records a sent welcome even when the first write is lost with its connection', async () => {
    const { deps, store, log } = setup([welcome(1)])
    store.markSent.mockRejectedValueOnce(new Error('Connection terminated unexpectedly'))
    expect((await deliverDueWelcomes(deps)).sent).toBe(1)
    expect(store.markSent.mock.calls).toEqual([[[1]], [[1]]])
    expect(log).not.toHaveBeenCalledWith('error', expect.anything(), expect.anything())
  })

  it('sends a welcome once even if a claim hands it out again while it is in flight', async () => {
    const sending = gate()
    const { deps, store, mailer } = setup([], () => sending.opened)
    store.claimDue.mockResolvedValueOnce({ welcomes: [welcome(1)], claimAgainIn: 0 }).mockImplementationOnce(async () => {
      sending.open()
      return { welcomes: [welcome(1)], claimAgainIn: null }
    })
    expect((await deliverDueWelcomes(deps)).sent).toBe(1)
    expect(mailer.send).toHaveBeenCalledTimes(1)
  })

  it('throws when the outbox cannot be read', async () => {
    const { deps, store } = setup([])
    store.claimDue.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
    await expect(deliverDueWelcomes(deps)).rejects.toThrow('ECONNREFUSED')
  })

  it('claims again within the sweep once the rate allows, when it holds the claim back for at most a second', async () => {
    const { deps, store } = setup([])
    const claimedAt: number[] = []
    store.claimDue.mockImplementation(async () => {
      claimedAt.push(performance.now())
      return claimedAt.length === 1
        ? { welcomes: [welcome(1)], claimAgainIn: 0.05 }
        : { welcomes: [welcome(2)], claimAgainIn: null }
    })
    // Due meanwhile (the second message), then nothing.
    store.nextDueIn.mockResolvedValueOnce(0)
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 2, retryIn: null })
    expect(store.claimDue).toHaveBeenCalledTimes(2)
    // Counted from when the first claim began, which is just before the store saw it.
    expect((claimedAt[1] ?? 0) - (claimedAt[0] ?? 0)).toBeGreaterThan(49)
  })

  it('ends the sweep without waiting for the rate when nothing else falls due meanwhile', async () => {
    const { deps, store } = setup([])
    store.claimDue.mockResolvedValueOnce({ welcomes: [welcome(1)], claimAgainIn: 1 })
    store.nextDueIn.mockResolvedValue(null)
    expect(await deliverDueWelcomes(deps)).toMatchObject({ sent: 1, retryIn: null })
    expect(store.claimDue).toHaveBeenCalledTimes(1)
  })

  it('ends the sweep when the rate holds the next claim back for longer, saying when it allows more, however much is due', async () => {
    const { deps, store } = setup([])
    store.claimDue.mockResolvedValueOnce({ welcomes: [welcome(1)], claimAgainIn: 30 })
    store.nextDueIn.mockResolvedValue(0)
    const { sent, retryIn } = await deliverDueWelcomes(deps)
    expect(sent).toBe(1)
    expect(store.claimDue).toHaveBeenCalledTimes(1)
    expect(retryIn).toBeGreaterThan(29)
    expect(retryIn).toBeLessThanOrEqual(30)
  })

  it('stops waiting for the rate when aborted', async () => {
    // Timers that never fire: only the abort can end the wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    try {
      const stop = new AbortController()
      const { deps, store } = setup([])
      store.claimDue.mockImplementationOnce(async () => {
        setImmediate(() => stop.abort())
        return { welcomes: [], claimAgainIn: 1 }
      })
      store.nextDueIn.mockResolvedValue(0)
      expect(await deliverDueWelcomes(deps, stop.signal)).toMatchObject({ sent: 0 })
      expect(store.claimDue).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('deliverWithin', () => {
  it('comes back for what falls due within its time, and reports the total', async () => {
    const { deps, store } = setup([welcome(1)])
    store.nextDueIn.mockResolvedValueOnce(0.01).mockResolvedValue(null)
    store.claimDue.mockResolvedValueOnce({ welcomes: [welcome(1)], claimAgainIn: null })
    store.claimDue.mockResolvedValueOnce({ welcomes: [welcome(2)], claimAgainIn: null })
    expect(await deliverWithin(deps, 10_000)).toEqual({ sent: 2, retried: 0, failed: 0, unavailable: false, retryIn: null })
  })

  it('stops at its budget, saying when the next welcome is due', async () => {
    const { deps, store } = setup([welcome(1)])
    store.nextDueIn.mockResolvedValue(30)
    expect(await deliverWithin(deps, 10_000)).toMatchObject({ sent: 1, retryIn: 30 })
    expect(store.claimDue).toHaveBeenCalledTimes(1)
  })
})
