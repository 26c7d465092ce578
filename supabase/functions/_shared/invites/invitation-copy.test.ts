import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { invitationFallbacks, resolveInvitationCopy, type InvitationCopy, type InvitationCopyContent } from './invitation-copy.ts'

type Invitation = NonNullable<InvitationCopyContent['invitation']>

const nothing: Invitation = {
  subject: null,
  greeting: null,
  greetingWithoutName: null,
  intro: null,
  trialButton: null,
  trialUrl: null,
  paragraphs: null,
  signOff: null,
  footer: null,
  removeLink: null,
}

/** The invitation document of the Studio's seed, as the dataset holds it. */
function seedInvitation(): Record<string, unknown> {
  const seed = readFileSync(new URL('../../../../studio/seed/data.ndjson', import.meta.url), 'utf8')
  const documents = seed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { _id: string })
  const invitation = documents.find((document) => document._id === 'invitationEmail')
  if (!invitation) throw new Error('the seed has no invitationEmail document')
  return invitation
}

describe('resolveInvitationCopy', () => {
  it.each(['pt', 'en'] as const)('says the fallbacks, under the code’s brand, when the content cannot be read (%s)', (locale) => {
    expect(resolveInvitationCopy(undefined, locale)).toEqual({
      copy: invitationFallbacks[locale],
      brandName: 'Pulso',
      contactEmail: undefined,
    })
  })

  it('takes each text the content has in the language asked, and the fallback for the others', () => {
    const content: InvitationCopyContent = {
      settings: { brandName: ' Pulso HR ', email: 'ola@pulso.example' },
      invitation: {
        ...nothing,
        subject: { pt: 'Sua vez no {brand}', en: 'Your turn at {brand}' },
        // English missing or blank: the English fallback, never the Portuguese text.
        intro: { pt: 'Chegou a hora.', en: '  ' },
        trialButton: { pt: 'Entrar' },
        trialUrl: { pt: 'https://app.pulso.example/teste', en: 'https://app.pulso.example/trial' },
        paragraphs: [
          { pt: 'Primeiro.', en: 'First.' },
          { pt: 'Segundo.', en: null },
        ],
      },
    }
    const pt = resolveInvitationCopy(content, 'pt')
    expect(pt).toMatchObject({ brandName: 'Pulso HR', contactEmail: 'ola@pulso.example' })
    expect(pt.copy).toEqual({
      ...invitationFallbacks.pt,
      subject: 'Sua vez no {brand}',
      intro: 'Chegou a hora.',
      trialButton: 'Entrar',
      trialUrl: 'https://app.pulso.example/teste',
      paragraphs: ['Primeiro.', 'Segundo.'],
    })
    const en = resolveInvitationCopy(content, 'en')
    expect(en.copy).toEqual({
      ...invitationFallbacks.en,
      subject: 'Your turn at {brand}',
      trialUrl: 'https://app.pulso.example/trial',
      paragraphs: ['First.'],
    })
  })

  it('keeps the fallback paragraphs when the content’s list has none in the language asked', () => {
    const content: InvitationCopyContent = {
      settings: null,
      invitation: { ...nothing, paragraphs: [{ pt: 'Só em português.' }] },
    }
    expect(resolveInvitationCopy(content, 'en').copy.paragraphs).toEqual(invitationFallbacks.en.paragraphs)
  })

  it.each(['http://app.pulso.example/trial', 'javascript:alert(1)', 'not a link'])(
    'sends the fallback trial address rather than %j, which is not https',
    (address) => {
      const content: InvitationCopyContent = { settings: null, invitation: { ...nothing, trialUrl: { en: address } } }
      expect(resolveInvitationCopy(content, 'en').copy.trialUrl).toBe(invitationFallbacks.en.trialUrl)
    },
  )
})

describe('invitationFallbacks', () => {
  it.each(['pt', 'en'] as const)('are the seed’s words (%s)', (locale) => {
    const seed = seedInvitation()
    const seedText = (value: unknown) => (value as Record<string, string>)[locale]
    const inSeed = Object.fromEntries(
      Object.keys(invitationFallbacks[locale]).map((key) => {
        const value = seed[key]
        return [key, Array.isArray(value) ? value.map(seedText) : seedText(value)]
      }),
    )
    expect(inSeed).toEqual(invitationFallbacks[locale])
  })

  it.each(['pt', 'en'] as const)('hold {brand} where it may be, {name} only in the greeting (%s)', (locale) => {
    const { greeting, paragraphs, ...texts } = invitationFallbacks[locale] satisfies InvitationCopy
    expect(greeting).toContain('{name}')
    for (const text of [...Object.values(texts), ...paragraphs]) {
      expect(text.replaceAll('{brand}', '')).not.toMatch(/[{}]/)
    }
  })
})
