import { describe, expect, it } from 'vitest'
import { DeliveryError } from '../delivery/mailer.ts'
import { resolveInvitationCopy } from '../invites/invitation-copy.ts'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import { anUpdate, block, button, span } from './update-fixture.ts'
import { createUpdateComposer, renderUpdateEmail } from './update-message.ts'

const mail = (locale: 'pt' | 'en') => resolveInvitationCopy(undefined, locale)
const links = { remove: 'https://pulso.app/en/unsubscribe?token=remove.x' }
const render = (overrides: Partial<Parameters<typeof renderUpdateEmail>[0]> = {}) =>
  renderUpdateEmail({ update: anUpdate, name: 'Jane Roberts', place: 12, locale: 'en', mail: mail('en'), links, ...overrides })

describe('an update rendered in the layout of every message', () => {
  it('says the document’s words in the reader’s language, with their name and place filled in', () => {
    const { subject, text, html } = render()
    expect(subject).toBe('The Pulso beta opens on Monday')
    expect(text).toContain('Hi Jane Roberts,')
    expect(text).toContain('THE BETA OPENS ON MONDAY')
    expect(text).toContain('Hi Jane Roberts, you are #12 in the Pulso line. See what we built (https://pulso.app/en).')
    expect(text).toContain('See my place: https://pulso.app/en')
    expect(text).toContain(`${mail('en').copy.removeLink}: ${links.remove}`)
    expect(html).toContain('<h2 style=')
    expect(html).toContain('<a href="https://pulso.app/en" style="color:#4338ca">what we built</a>')
    expect(html).toMatch(/<a href="https:\/\/pulso\.app\/en" style="display:inline-block[^"]*">See my place<\/a>/)
    // The preheader is what inboxes show after the subject, hidden in the message itself.
    expect(html).toMatch(/<div style="display:none[^"]*">Invitations go out in waves\.<\/div>/)
  })

  it('reads in Portuguese to a Portuguese reader, and to an English one when the English body is missing', () => {
    expect(render({ locale: 'pt', mail: mail('pt') }).text).toContain('você é o nº 12 na fila do Pulso')
    const noEnglish = { ...anUpdate, body: { pt: anUpdate.body?.pt ?? null, en: null } }
    expect(render({ update: noEnglish }).text).toContain('você é o nº 12 na fila do Pulso')
  })

  it('escapes what a reader typed and what the document holds, and shows a link that is not https or mailto as text', () => {
    const hostile = {
      ...anUpdate,
      body: {
        pt: null,
        en: [
          block('x1', [span('x1a', '<script>alert(1)</script> {name}'), span('x1b', 'click', ['l1'])], 'normal', {
            l1: 'javascript:alert(1)',
          }),
          button('x2', 'Open', 'http://evil.example'),
        ],
      },
    }
    const { html, text } = render({ update: hostile, name: '<b>Jane</b>' })
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('javascript:')
    expect(html).not.toContain('evil.example')
    expect(html).toContain('&lt;script&gt;')
    expect(text).not.toContain('evil.example')
    // A name that is not a person's name is left out, as the greeting leaves it out.
    expect(text).not.toContain('<b>Jane</b>')
  })

  it('leaves {place} empty for a reader no longer waiting', () => {
    expect(render({ place: null }).text).toContain('you are # in the Pulso line')
  })
})

describe('an update’s message', () => {
  const message: PendingWelcome = {
    id: 7,
    kind: 'update',
    inviteCode: null,
    updateId: '0b7c5f0e-3f0e-4c55-9a4e-7d8e2c1b6a90',
    documentId: 'update-beta-opens',
    place: 3,
    waitlistId: '5b0d6a2e-8f4c-4f1e-9a57-2f3c1d0b9e77',
    email: 'jane@empresa.example',
    name: 'Jane',
    locale: 'en',
    attempts: 0,
  }
  const composer = (updateContent: (id: string) => Promise<typeof anUpdate | undefined>) =>
    createUpdateComposer({
      from: 'Pulso <ola@pulso.app>',
      siteUrl: 'https://pulso.example',
      linkSecret: async () => 'a-secret-of-at-least-thirty-two-characters',
      content: async () => undefined,
      updateContent,
      fallbackContact: 'ola@pulso.app',
      log: () => undefined,
    })

  it('carries the removal link and the one-click unsubscribe headers (RFC 8058)', async () => {
    const composed = await composer(async () => anUpdate)(message)
    expect(composed.to).toBe('jane@empresa.example')
    expect(composed.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/pulso\.example\/en\/unsubscribe\?token=remove\.[^>]+>$/)
    expect(composed.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(composed.text).toContain(composed.headers?.['List-Unsubscribe']?.slice(1, -1))
  })

  it('waits (deferred, never refused: a refusal marks the inbox) while its document is not published or cannot be read', async () => {
    const deferred = { name: 'DeliveryError', kind: 'deferred' }
    await expect(composer(async () => undefined)(message)).rejects.toMatchObject(deferred)
    await expect(composer(async () => Promise.reject(new Error('down')))(message)).rejects.toMatchObject(deferred)
    await expect(composer(async () => ({ ...anUpdate, subject: null }))(message)).rejects.toBeInstanceOf(DeliveryError)
  })
})
