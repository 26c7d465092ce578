import { describe, expect, it, vi } from 'vitest'
import { failureKind } from '../delivery/mailer.ts'
import { verifyLinkToken } from '../links/link-token.ts'
import type { Log } from '../runtime/http.ts'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import { invitationFallbacks, type InvitationCopyContent } from './invitation-copy.ts'
import { createInvitationComposer } from './invitation-message.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const invitation: PendingWelcome = {
  id: 12,
  kind: 'invitation',
  inviteCode: 'inv_8Hq2LxPz',
  waitlistId: '5b0d6a2e-8f4c-4f1e-9a57-2f3c1d0b9e77',
  email: 'ana@empresa.com',
  name: 'Ana',
  locale: 'en',
  attempts: 0,
}

const content: InvitationCopyContent = {
  settings: { brandName: 'Pulso', email: 'contato@pulso.app' },
  invitation: {
    subject: { pt: 'Sua vez no {brand}', en: 'Your turn at {brand}' },
    greeting: { pt: 'Oi, {name}!', en: 'Hello {name}!' },
    greetingWithoutName: null,
    intro: null,
    trialButton: null,
    trialUrl: {
      pt: 'https://app.pulso.example/teste?origem=convite',
      en: 'https://app.pulso.example/trial?utm_source=invite&invite=stale',
    },
    paragraphs: null,
    signOff: null,
    footer: null,
    removeLink: null,
  },
}

function compose(options: { content?: () => Promise<InvitationCopyContent | undefined>; log?: Log } = {}) {
  return createInvitationComposer({
    from: 'Pulso <convites@pulso.app>',
    siteUrl: 'https://pulso.example/',
    linkSecret: async () => SECRET,
    content: options.content ?? (async () => content),
    fallbackContact: 'convites@pulso.app',
    log: options.log ?? (() => undefined),
  })
}

/** The address the message's button leads to, read from the plain text as a reader would. */
function trialLinkIn(text: string, label: string): URL {
  const address = new RegExp(`^${label}: (\\S+)$`, 'm').exec(text)?.[1]
  if (!address) throw new Error(`no "${label}" link in:\n${text}`)
  return new URL(address)
}

describe('createInvitationComposer', () => {
  it('addresses the invitation and takes its words from the content, in the invitation’s language', async () => {
    const message = await compose()(invitation)
    expect(message).toMatchObject({
      from: 'Pulso <convites@pulso.app>',
      to: 'ana@empresa.com',
      replyTo: 'contato@pulso.app',
      subject: 'Your turn at Pulso',
    })
    expect(message.text).toMatch(/^Hello Ana!/)
    // Texts the document lacks come from the fallbacks.
    expect(message.text).toContain(invitationFallbacks.en.footer.replace('{brand}', 'Pulso'))
    expect(message.text).not.toContain('/confirm')
  })

  it('leads to the language’s trial address with the invitation’s code, keeping the address’s own parameters', async () => {
    const en = trialLinkIn((await compose()(invitation)).text, 'Start my free trial')
    expect(`${en.origin}${en.pathname}`).toBe('https://app.pulso.example/trial')
    expect([...en.searchParams]).toEqual([
      ['utm_source', 'invite'],
      // One code, the invitation's: a stale one in the address is replaced.
      ['invite', 'inv_8Hq2LxPz'],
    ])
    const pt = trialLinkIn((await compose()({ ...invitation, locale: 'pt' })).text, 'Começar meu teste grátis')
    expect(pt.href).toBe('https://app.pulso.example/teste?origem=convite&invite=inv_8Hq2LxPz')
  })

  it('encodes a code that is not URL-safe', async () => {
    const message = await compose()({ ...invitation, inviteCode: 'a b&c=d' })
    expect(trialLinkIn(message.text, 'Start my free trial').searchParams.get('invite')).toBe('a b&c=d')
  })

  it('signs a removal link for this place, valid for a year, and points the one-click unsubscribe headers at it (RFC 8058)', async () => {
    const now = Date.now()
    const message = await compose()(invitation)
    const removal = /^Leave the list: (\S+)$/m.exec(message.text)?.[1] ?? ''
    expect(removal).toMatch(/^https:\/\/pulso\.example\/en\/unsubscribe\?token=/)
    const token = new URL(removal).searchParams.get('token') ?? ''
    expect(await verifyLinkToken(SECRET, token, 'remove')).toEqual({ ok: true, waitlistId: invitation.waitlistId })
    expect(await verifyLinkToken(SECRET, token, 'remove', new Date(now + 364 * 86_400_000))).toMatchObject({ ok: true })
    expect(await verifyLinkToken(SECRET, token, 'remove', new Date(now + 366 * 86_400_000))).toMatchObject({ ok: false })
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${removal}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('opens the removal link in Portuguese for a Portuguese invitation', async () => {
    const message = await compose()({ ...invitation, locale: 'pt' })
    expect(message.subject).toBe('Sua vez no Pulso')
    expect(message.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/pulso\.example\/descadastrar\?token=remove\./)
  })

  it('falls back to the code’s copy and trial address, and the sender’s address, when the content cannot be read', async () => {
    const log = vi.fn()
    const failing = async () => {
      throw new Error('CDN down')
    }
    const message = await compose({ content: failing, log })(invitation)
    expect(log).toHaveBeenCalledWith('warn', 'invitation copy unavailable, sending the fallback copy', {
      error: 'Error: CDN down',
    })
    expect(message.subject).toBe('Your Pulso free trial is ready')
    expect(message.replyTo).toBe('convites@pulso.app')
    expect(trialLinkIn(message.text, 'Start my free trial').href).toBe('https://app.pulso.app/trial?lang=en&invite=inv_8Hq2LxPz')
  })

  it('refuses an invitation without its code, which the product could not credit, as our failure, not the inbox’s', async () => {
    const error = await compose()({ ...invitation, inviteCode: null }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    // Deferred (retried, then given up): a rejection would mark the inbox undeliverable.
    expect(failureKind(error)).toBe('deferred')
  })
})
