import { describe, expect, it } from 'vitest'
import { withTranslationStatus } from './translation-preview'

describe('withTranslationStatus', () => {
  const statistic = withTranslationStatus({
    fields: [{ name: 'value' }, { name: 'label' }],
    preview: { select: { title: 'value', subtitle: 'label.pt' } },
  })

  it('selects every field besides the preview’s own', () => {
    expect(statistic.preview?.select).toEqual({
      'translationStatus.value': 'value',
      'translationStatus.label': 'label',
      title: 'value',
      subtitle: 'label.pt',
    })
  })

  it('appends the languages with gaps to the subtitle', () => {
    const preview = statistic.preview?.prepare?.({
      'translationStatus.value': '90%',
      'translationStatus.label': { _type: 'localeString', pt: 'menos tempo' },
      title: '90%',
      subtitle: 'menos tempo',
    })
    expect(preview).toEqual({ title: '90%', subtitle: 'menos tempo — ⚠ English missing in 1 text' })
  })

  it('keeps the document’s own preview when nothing is missing', () => {
    const hero = withTranslationStatus({ fields: [{ name: 'headline' }], preview: { prepare: () => ({ title: 'Hero' }) } })
    const preview = hero.preview?.prepare?.({ 'translationStatus.headline': { pt: 'Olá', en: 'Hi' } })
    expect(preview).toEqual({ title: 'Hero', subtitle: undefined })
  })
})
