import { describe, expect, it } from 'vitest'
import type { DocumentBadgeProps } from 'sanity'
import { TranslationStatusBadge } from './translation-badge'

const props = (draft: DocumentBadgeProps['draft'], published: DocumentBadgeProps['published'] = null) =>
  ({ id: 'hero', type: 'hero', draft, published, liveEdit: false }) as DocumentBadgeProps

describe('TranslationStatusBadge', () => {
  it('warns about the edited draft, not the older published version', () => {
    const published = { _id: 'hero', _type: 'hero', _createdAt: '', _updatedAt: '', _rev: '1', headline: { pt: 'Olá', en: 'Hi' } }
    const draft = { ...published, _id: 'drafts.hero', headline: { pt: 'Olá' } }
    expect(TranslationStatusBadge(props(draft, published))).toEqual({
      label: 'EN missing',
      title: 'English missing in 1 text',
      color: 'warning',
    })
  })

  it('shows nothing when both languages are complete', () => {
    const published = { _id: 'hero', _type: 'hero', _createdAt: '', _updatedAt: '', _rev: '1', headline: { pt: 'Olá', en: 'Hi' } }
    expect(TranslationStatusBadge(props(null, published))).toBeNull()
  })
})
