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

  it('warns about a page’s texts, its sections’ included, and not about its addresses', () => {
    const page = {
      _id: 'drafts.campaign',
      _type: 'page',
      _createdAt: '',
      _updatedAt: '',
      _rev: '1',
      title: { _type: 'localeString', pt: 'RH', en: 'HR' },
      slug: { pt: { _type: 'slug', current: 'rh' } },
      sections: [{ _key: 'faq', _type: 'faqSection', title: { _type: 'localeString', pt: 'Perguntas' } }],
    }
    expect(TranslationStatusBadge({ ...props(page), id: 'campaign', type: 'page' })).toEqual({
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
