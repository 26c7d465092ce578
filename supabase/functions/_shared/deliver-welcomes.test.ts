import { describe, expect, it, vi } from 'vitest'
import { deliverDueWelcomes } from './deliver-welcomes.ts'
import type { MailMessage } from './mailer.ts'
import type { PendingWelcome } from './welcome-store.ts'

function setup(due: PendingWelcome[], failFor: string[] = []) {
  const sent: MailMessage[] = []
  const store = {
    claimDue: vi.fn(async (_limit: number) => due),
    markSent: vi.fn(async (_id: number) => undefined),
    markFailed: vi.fn(async (_id: number, _reason: string) => undefined),
  }
  const mailer = {
    send: vi.fn(async (message: MailMessage) => {
      if (failFor.includes(message.to)) throw new Error(`550 mailbox unavailable: ${message.to}`)
      sent.push(message)
    }),
  }
  const log = vi.fn()
  const deps = {
    store,
    mailer,
    log,
    from: 'Pulso <boas-vindas@pulso.app>',
    brand: { name: 'Pulso', contactEmail: 'ola@pulso.app' },
  }
  return { deps, store, mailer, log, sent }
}

const ana: PendingWelcome = { id: 1, email: 'ana@empresa.com', name: 'Ana', locale: 'pt', attempts: 0 }
const bob: PendingWelcome = { id: 2, email: 'bob@company.com', name: 'Bob', locale: 'en', attempts: 3 }

describe('deliverDueWelcomes', () => {
  it('sends each due welcome in its language and marks it sent', async () => {
    const { deps, store, sent } = setup([ana, bob])
    expect(await deliverDueWelcomes(deps, 10)).toEqual({ sent: 2, failed: 0 })
    expect(store.claimDue).toHaveBeenCalledWith(10)
    expect(store.markSent.mock.calls).toEqual([[1], [2]])
    expect(store.markFailed).not.toHaveBeenCalled()
    expect(sent.map((m) => [m.to, m.from, m.replyTo])).toEqual([
      ['ana@empresa.com', 'Pulso <boas-vindas@pulso.app>', 'ola@pulso.app'],
      ['bob@company.com', 'Pulso <boas-vindas@pulso.app>', 'ola@pulso.app'],
    ])
    expect(sent[0]?.subject).toBe('Ana, seu teste grátis do Pulso está reservado')
    expect(sent[1]?.subject).toBe('Bob, your Pulso free trial is reserved')
  })

  it('records a failure with its reason and carries on with the others', async () => {
    const { deps, store, log, sent } = setup([ana, bob], ['ana@empresa.com'])
    expect(await deliverDueWelcomes(deps)).toEqual({ sent: 1, failed: 1 })
    expect(store.markFailed).toHaveBeenCalledExactlyOnceWith(1, '550 mailbox unavailable: ana@empresa.com')
    expect(store.markSent).toHaveBeenCalledExactlyOnceWith(2)
    expect(sent.map((m) => m.to)).toEqual(['bob@company.com'])
    expect(log).toHaveBeenCalledWith(
      'warn',
      'welcome delivery failed, will retry',
      expect.objectContaining({ id: 1, attempt: 1 }),
    )
  })

  it('records a non-Error rejection as text', async () => {
    const { deps, store, mailer } = setup([bob])
    mailer.send.mockRejectedValueOnce('socket hang up')
    expect(await deliverDueWelcomes(deps)).toEqual({ sent: 0, failed: 1 })
    expect(store.markFailed).toHaveBeenCalledExactlyOnceWith(2, 'socket hang up')
    expect(store.markSent).not.toHaveBeenCalled()
  })

  it('does nothing when nothing is due', async () => {
    const { deps, mailer } = setup([])
    expect(await deliverDueWelcomes(deps)).toEqual({ sent: 0, failed: 0 })
    expect(mailer.send).not.toHaveBeenCalled()
  })
})
