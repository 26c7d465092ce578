import { describe, expect, it, vi } from 'vitest'
import type { PendingWelcome } from '../welcome/welcome-store.ts'
import { createMailComposer, type MailCopyContent } from './mail-composer.ts'
import { mailCopyQueryParser } from './mail-copy-query.parser.ts'
import { fill } from './mail-copy.ts'
import { contentChecker } from '../content/content-check.ts'
import { checkedSource } from '../content/checked-source.ts'
import { welcomeFallbacks } from '../welcome/welcome-copy.ts'
import { invitationFallbacks } from '../invites/invitation-copy.ts'
import { standingFallbacks } from '../referrals/standing-copy.ts'
import { anUpdate } from '../updates/update-fixture.ts'

const UPDATE_DOCUMENT = 'update-beta-opens'

const nothing = { greeting: null, greetingWithoutName: null, paragraphs: null, signOff: null, removeLink: null }

/** Both documents, each with its own subject, as the mail copy query answers them. */
const content: MailCopyContent = {
  settings: { brandName: 'Pulso', email: 'contato@pulso.app' },
  email: {
    ...nothing,
    subject: { pt: 'Boas-vindas ao {brand}', en: 'Welcome to {brand}' },
    confirmIntro: null,
    confirmButton: null,
    confirmNote: null,
    steps: null,
    notYou: null,
  },
  invitation: {
    ...nothing,
    subject: { pt: 'Sua vez no {brand}', en: 'Your turn at {brand}' },
    intro: null,
    trialButton: null,
    trialUrl: { en: 'https://app.pulso.example/trial' },
    footer: null,
  },
  referrals: {
    ...nothing,
    placesPerReferral: 10,
    leaderboard: false,
    subject: { pt: 'Você é o nº {place}', en: 'You are #{place} at {brand}' },
    emailIntro: null,
    place: null,
    linkLabel: null,
    linkIntro: null,
    linkIntroNoMove: null,
    credited: null,
    milestones: null,
    nextMilestone: null,
    statusButton: null,
    emailFooter: null,
  },
}

const entry = (kind: PendingWelcome['kind']): PendingWelcome => ({
  id: 1,
  kind,
  ...(kind === 'update' ? { updateId: '0b7c5f0e-3f0e-4c55-9a4e-7d8e2c1b6a90', documentId: UPDATE_DOCUMENT, place: 12 } : {}),
  inviteCode: kind === 'invitation' ? 'inv_8Hq2LxPz' : null,
  standing:
    kind === 'standing'
      ? {
          code: 'k7m2p9qx',
          state: 'waiting',
          place: 12,
          waiting: 300,
          credited: 2,
          held: 0,
          placesPerReferral: 10,
          locale: 'en',
          leaderboard: null,
        }
      : null,
  waitlistId: '5b0d6a2e-8f4c-4f1e-9a57-2f3c1d0b9e77',
  email: 'ana@empresa.com',
  name: 'Ana',
  locale: 'en',
  attempts: 0,
})

function composer(read: () => Promise<MailCopyContent | undefined> = vi.fn(async () => content)) {
  const compose = createMailComposer({
    from: 'Pulso <ola@pulso.app>',
    siteUrl: 'https://pulso.example',
    linkSecret: async () => 'a-secret-of-at-least-thirty-two-characters',
    retentionDays: 30,
    content: read,
    updateContent: async (id) => (id === UPDATE_DOCUMENT ? anUpdate : undefined),
    fallbackContact: 'ola@pulso.app',
    log: () => undefined,
  })
  return { compose, read }
}

describe('createMailComposer', () => {
  it('composes a welcome as the welcome: its own document’s words and the confirm link', async () => {
    const message = await composer().compose(entry('welcome'))
    expect(message.subject).toBe('Welcome to Pulso')
    expect(message.text).toContain('Confirm my place: https://pulso.example/en/confirm?token=')
    expect(message.text).not.toContain('app.pulso.example')
  })

  it('composes an invitation as the invitation: its own document’s words and the trial link with its code', async () => {
    const message = await composer().compose(entry('invitation'))
    expect(message.subject).toBe('Your turn at Pulso')
    expect(message.text).toContain('Start my free trial: https://app.pulso.example/trial?invite=inv_8Hq2LxPz')
    expect(message.text).not.toContain('/confirm')
  })

  it('composes a place email as one: the place as claimed, the personal link and the status page', async () => {
    const message = await composer().compose(entry('standing'))
    expect(message.subject).toBe('You are #12 at Pulso')
    expect(message.text).toContain('You are #12 of 300 in line.')
    expect(message.text).toContain('Your personal link: https://pulso.example/en?ref=k7m2p9qx')
    expect(message.text).toContain('moves you 10 places up the line')
    expect(message.text).toContain('Next milestone, 3 colleagues: your team starts to take shape')
    expect(message.text).toMatch(/See my place in line: https:\/\/pulso\.example\/en\/referrals\?token=status\./)
  })

  it('composes every kind in the fallbacks’ words when every field of the content is of the wrong type', async () => {
    // Every field of every document a list of numbers: a brand, a text in each language, a list of texts, a number.
    const hostile = Object.fromEntries(
      Object.entries(content).map(([document, fields]) => [
        document,
        Object.fromEntries(Object.keys(fields).map((field) => [field, [1]])),
      ]),
    )
    const read = checkedSource(
      'the mail',
      async () => hostile,
      contentChecker(mailCopyQueryParser),
      () => undefined,
    )
    const { compose } = composer(read)
    const brand = { brand: 'Pulso' }
    expect((await compose(entry('welcome'))).subject).toBe(fill(welcomeFallbacks.en.subject, brand))
    expect((await compose(entry('invitation'))).subject).toBe(fill(invitationFallbacks.en.subject, brand))
    const standing = await compose(entry('standing'))
    expect(standing.subject).toBe(fill(standingFallbacks.en.subject, { ...brand, place: '12' }))
    // The code's rules: 10 places a referral, as the sweep writes them into the database.
    expect(standing.text).toContain('moves you 10 places up the line')
    expect(standing.replyTo).toBe('ola@pulso.app')
    // One problem a field the query reads: the brand's 2, the welcome's 11, the invitation's 10, the referrals' 17.
    expect(await read.problems()).toHaveLength(40)
  })

  it('composes an update’s message from the document it was sent from, with the invitation’s footer and removal link', async () => {
    const message = await composer().compose(entry('update'))
    expect(message.subject).toBe('The Pulso beta opens on Monday')
    expect(message.text).toContain('you are #12 in the Pulso line')
    expect(message.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/pulso\.example\/en\/unsubscribe\?token=remove\./)
    expect(message.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })

  it('refuses a place email the outbox claimed without its standing, as our failure, not the inbox’s', async () => {
    await expect(composer().compose({ ...entry('standing'), standing: null })).rejects.toThrow(/no standing/)
    await expect(composer().compose({ ...entry('standing'), standing: null })).rejects.toMatchObject({ kind: 'deferred' })
  })

  it('reads the copy from the one source for either kind, each time, with the same sender and unsubscribe headers', async () => {
    const { compose, read } = composer()
    const [welcome, invitation] = [await compose(entry('welcome')), await compose(entry('invitation'))]
    expect(read).toHaveBeenCalledTimes(2)
    for (const message of [welcome, invitation]) {
      expect(message).toMatchObject({ from: 'Pulso <ola@pulso.app>', to: 'ana@empresa.com', replyTo: 'contato@pulso.app' })
      expect(message.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/pulso\.example\/en\/unsubscribe\?token=remove\./)
    }
  })
})
