import { describe, expect, it, vi } from 'vitest'
import { createResendMailer, resendFailure } from './mailer.ts'

const message = {
  from: 'Pulso <boas-vindas@pulso.app>',
  to: 'ana@empresa.com',
  replyTo: 'contato@pulso.app',
  subject: 'Confirme seu lugar no teste grátis do Pulso',
  text: 'Olá!',
  html: '<p>Olá!</p>',
  headers: {
    'List-Unsubscribe': '<https://pulso.app/descadastrar?token=remove.x>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
}

describe('createResendMailer', () => {
  it('posts the message to Resend’s API with its key, the one-click unsubscribe headers included', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json({ id: 'e1' }))
    await createResendMailer('re_test', fetchImpl as typeof fetch).send(message)
    const [url, init] = fetchImpl.mock.calls[0] ?? []
    expect(url).toBe('https://api.resend.com/emails')
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer re_test')
    expect(JSON.parse(String(init?.body))).toEqual({
      from: message.from,
      to: ['ana@empresa.com'],
      reply_to: 'contato@pulso.app',
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    })
  })

  it('sends the Message-ID as Resend’s Idempotency-Key, and commits once Resend took the message', async () => {
    const order: string[] = []
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
      order.push('posted')
      return Response.json({ id: 'e1' })
    })
    await createResendMailer('re_test', fetchImpl as typeof fetch).send(
      { ...message, messageId: '<update-u1-w1@pulso.app>' },
      {
        commit: async () => {
          order.push('committed')
          return true
        },
      },
    )
    expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).get('idempotency-key')).toBe('update-u1-w1@pulso.app')
    expect(order).toEqual(['posted', 'committed'])
  })

  it('fails with Resend’s answer when it refuses, so the sender retries', async () => {
    const refusing = (async () => new Response('{"message":"domain not verified"}', { status: 403 })) as typeof fetch
    await expect(createResendMailer('re_test', refusing).send(message)).rejects.toThrow(
      /Resend answered 403: .*domain not verified/,
    )
  })
})

describe('resendFailure', () => {
  it('blames the inbox only for 422 (the address), gives up a 400 (the request) without blaming it', () => {
    expect(resendFailure(422)).toBe('rejected')
    expect(resendFailure(400)).toBe('unsendable')
  })

  it('calls the key, the rate and Resend’s own errors unavailable, anything else a deferral', () => {
    expect([401, 403, 429, 500, 503].map(resendFailure)).toEqual(Array(5).fill('unavailable'))
    expect([404, 409].map(resendFailure)).toEqual(['deferred', 'deferred'])
  })
})
