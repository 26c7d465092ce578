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
  // Composing is welcome-message.ts's job (tested there); here each message names its welcome.
  const compose = vi.fn(async (welcome: PendingWelcome) => ({
    from: 'Pulso <boas-vindas@pulso.app>',
    to: welcome.email,
    subject: `welcome ${welcome.id} (${welcome.locale})`,
    text: '',
    html: '',
  }))
  const deps = { store, mailer, log, compose }
  return { deps, store, mailer, log, sent, compose }
}

const ana: PendingWelcome = { id: 1, waitlistId: 'w-1', email: 'ana@empresa.com', name: 'Ana', locale: 'pt', attempts: 0 }
const bob: PendingWelcome = { id: 2, waitlistId: 'w-2', email: 'bob@company.com', name: 'Bob', locale: 'en', attempts: 3 }

describe('deliverDueWelcomes', () => {
  it('sends each due welcome as composed and marks it sent', async () => {
    const { deps, store, sent, compose } = setup([ana, bob])
    expect(await deliverDueWelcomes(deps, 10)).toEqual({ sent: 2, failed: 0 })
    expect(store.claimDue).toHaveBeenCalledWith(10)
    expect(compose.mock.calls).toEqual([[ana], [bob]])
    expect(store.markSent.mock.calls).toEqual([[1], [2]])
    expect(store.markFailed).not.toHaveBeenCalled()
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['ana@empresa.com', 'welcome 1 (pt)'],
      ['bob@company.com', 'welcome 2 (en)'],
    ])
  })

  it('records a welcome that could not be composed as a failure, to retry, and sends the others', async () => {
    const { deps, store, compose, sent } = setup([ana, bob])
    compose.mockRejectedValueOnce(new Error('database unreachable'))
    expect(await deliverDueWelcomes(deps)).toEqual({ sent: 1, failed: 1 })
    expect(store.markFailed).toHaveBeenCalledExactlyOnceWith(1, 'database unreachable')
    expect(sent.map((m) => m.to)).toEqual(['bob@company.com'])
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
