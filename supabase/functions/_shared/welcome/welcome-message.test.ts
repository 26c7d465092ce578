import { describe, expect, it, vi } from 'vitest'
import { verifyLinkToken } from '../links/link-token.ts'
import type { Log } from '../runtime/http.ts'
import { createWelcomeComposer } from './welcome-message.ts'
import type { WelcomeCopyContent } from './welcome-copy.ts'
import type { PendingWelcome } from './welcome-store.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const welcome: PendingWelcome = {
  id: 7,
  kind: 'welcome',
  inviteCode: null,
  waitlistId: '5b0d6a2e-8f4c-4f1e-9a57-2f3c1d0b9e77',
  email: 'ana@empresa.com',
  name: 'Ana',
  locale: 'en',
  attempts: 0,
}

const content: WelcomeCopyContent = {
  settings: { brandName: 'Pulso', email: 'contato@pulso.app' },
  email: {
    subject: { pt: 'Assunto do Studio ({brand})', en: 'Subject from the Studio ({brand})' },
    greeting: { pt: 'Oi, {name}!', en: 'Hello {name}!' },
    greetingWithoutName: { pt: 'Oi!', en: 'Hello!' },
    confirmIntro: null,
    confirmButton: null,
    confirmNote: null,
    paragraphs: null,
    steps: null,
    signOff: null,
    notYou: null,
    removeLink: null,
  },
}

function compose(options: { content?: () => Promise<WelcomeCopyContent | undefined>; siteUrl?: string; log?: Log } = {}) {
  return createWelcomeComposer({
    from: 'Pulso <boas-vindas@pulso.app>',
    siteUrl: options.siteUrl ?? 'https://pulso.example',
    linkSecret: async () => SECRET,
    retentionDays: 30,
    content: options.content ?? (async () => content),
    fallbackContact: 'boas-vindas@pulso.app',
    log: options.log ?? (() => undefined),
  })
}

/** The token in one of the message's links, found by the path it opens. */
function tokenIn(text: string, path: string): string {
  const match = new RegExp(`https://pulso\\.example${path}\\?token=([^\\s]+)`).exec(text)
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`)
  return decodeURIComponent(match[1])
}

describe('createWelcomeComposer', () => {
  it('addresses the welcome and takes its words from the content, in the welcome’s language', async () => {
    const message = await compose()(welcome)
    expect(message).toMatchObject({
      from: 'Pulso <boas-vindas@pulso.app>',
      to: 'ana@empresa.com',
      replyTo: 'contato@pulso.app',
      subject: 'Subject from the Studio (Pulso)',
    })
    expect(message.text).toMatch(/^Hello Ana!/)
    // Texts the document lacks come from the fallbacks.
    expect(message.text).toContain('Confirm my place: https://pulso.example/en/confirm?token=')
  })

  it('signs a confirm link valid for the retention period and a removal link valid for a year, both for this place', async () => {
    const now = Date.now()
    const message = await compose()(welcome)
    const confirm = tokenIn(message.text, '/en/confirm')
    const remove = tokenIn(message.text, '/en/unsubscribe')
    expect(await verifyLinkToken(SECRET, confirm, 'confirm')).toEqual({ ok: true, waitlistId: welcome.waitlistId })
    expect(await verifyLinkToken(SECRET, remove, 'remove')).toEqual({ ok: true, waitlistId: welcome.waitlistId })
    const in29Days = new Date(now + 29 * 86_400_000)
    const in31Days = new Date(now + 31 * 86_400_000)
    expect(await verifyLinkToken(SECRET, confirm, 'confirm', in29Days)).toMatchObject({ ok: true })
    expect(await verifyLinkToken(SECRET, confirm, 'confirm', in31Days)).toEqual({ ok: false, reason: 'expired' })
    expect(await verifyLinkToken(SECRET, remove, 'remove', in31Days)).toMatchObject({ ok: true })
    expect(await verifyLinkToken(SECRET, remove, 'remove', new Date(now + 366 * 86_400_000))).toMatchObject({ ok: false })
  })

  it('carries the one-click unsubscribe headers, pointing at the removal link (RFC 8058)', async () => {
    const message = await compose()(welcome)
    const removal = /Leave the list now: (\S+)/.exec(message.text)?.[1]
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${removal}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('opens the links on the public site in Portuguese for a Portuguese welcome', async () => {
    const message = await compose({ siteUrl: 'https://pulso.example/' })({ ...welcome, locale: 'pt' })
    expect(message.text).toContain('https://pulso.example/confirmar?token=')
    expect(message.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/pulso\.example\/descadastrar\?token=remove\./)
  })

  it('falls back to the code’s copy and the sender’s address when the content cannot be read', async () => {
    const failing = vi.fn(async () => {
      throw new Error('CDN down')
    })
    const log = vi.fn()
    const message = await compose({ content: failing, log })(welcome)
    expect(failing).toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith('warn', 'welcome copy unavailable, sending the fallback copy', { error: 'Error: CDN down' })
    expect(message.subject).toBe('Confirm your place in the Pulso free trial')
    expect(message.replyTo).toBe('boas-vindas@pulso.app')
  })
})
