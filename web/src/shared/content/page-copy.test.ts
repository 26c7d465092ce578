import { beforeAll, describe, expect, it } from 'vitest'
import { resolvePageCopy, type PageContent } from './page-copy.ts'
import { emptyContent, longText, point, text } from '../../../../test/web/content-fixtures.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'

const year = String(new Date().getFullYear())

describe('resolvePageCopy with the seed content', () => {
  let seed: PageContent
  beforeAll(async () => {
    seed = await loadSeedContent()
  })

  it('resolves each language from its own field', () => {
    expect(resolvePageCopy(seed, 'en').workflow.title).toBe('How It Works')
    expect(resolvePageCopy(seed, 'pt').workflow.title).toBe('Como funciona')
    expect(resolvePageCopy(seed, 'en').workflow.steps.map((step) => step.title)).toEqual([
      'Connect your tools',
      'AI follows the conversations',
      'Review and finalize',
    ])
  })

  it('lists the statistics in their order with values and labels', () => {
    const { statistics } = resolvePageCopy(seed, 'en').results
    expect(statistics.map(({ value, label }) => [value, label])).toEqual([
      ['90%', 'Time saved on documentation'],
      ['3x', 'More accurate reviews'],
      ['75%', 'Better retention'],
      ['64%', 'More engagement'],
    ])
    expect(resolvePageCopy(seed, 'pt').results.statistics.map((stat) => stat.label)).toEqual([
      'Economia de tempo com documentação',
      'Avaliações mais precisas',
      'Melhor retenção de talentos',
      'Mais engajamento',
    ])
  })

  it('puts the current year in the rights line', () => {
    expect(resolvePageCopy(seed, 'en').footer.rights).toBe(`© ${year} Pulso Tecnologia Ltda. All rights reserved.`)
    expect(resolvePageCopy(seed, 'pt').footer.rights).toBe(`© ${year} Pulso Tecnologia Ltda. Todos os direitos reservados.`)
  })
})

describe('resolvePageCopy fallbacks', () => {
  it('with no content at all, every required text falls back per language', () => {
    const en = resolvePageCopy(undefined, 'en')
    expect(en.workflow.title).toBe('How It Works')
    expect(en.freeTrial.form.buttonLoading).toBe('Processing...')
    expect(en.freeTrial.success).toEqual({
      title: 'Registration Successful!',
      description: 'Check your email for the next steps.',
    })
    expect(en.freeTrial.error).toEqual({
      title: 'Registration Failed',
      description: 'There was an error processing your request. Please try again.',
    })
    expect(en.ui.notFoundTitle).toBe('Oops! Page not found')
    expect(en.footer.rights).toBe(`© ${year} Pulso. All rights reserved.`)
    expect(en.brandName).toBe('Pulso')

    const pt = resolvePageCopy(undefined, 'pt')
    expect(pt.workflow.title).toBe('Como funciona')
    expect(pt.footer.rights).toBe(`© ${year} Pulso. Todos os direitos reservados.`)
    // Optional texts stay empty rather than inventing copy.
    expect(pt.hero.badge).toBe('')
    expect(pt.workflow.subtitle).toBe('')
  })

  it('falls back on the workflow title when the document or the field is missing', () => {
    expect(resolvePageCopy(emptyContent(), 'en').workflow.title).toBe('How It Works')
    expect(resolvePageCopy(emptyContent(), 'pt').workflow.title).toBe('Como funciona')

    const content = { ...emptyContent(), workflow: { title: null, subtitle: null, steps: null } }
    expect(resolvePageCopy(content, 'en').workflow.title).toBe('How It Works')
    expect(resolvePageCopy(content, 'pt').workflow.title).toBe('Como funciona')
  })

  it('always shows exactly three steps, each falling back on its own', () => {
    const missing = resolvePageCopy(emptyContent(), 'en').workflow.steps
    expect(missing.map(({ title, description }) => [title, description])).toEqual([
      ['Step 1', 'Description for step 1'],
      ['Step 2', 'Description for step 2'],
      ['Step 3', 'Description for step 3'],
    ])
    expect(resolvePageCopy(emptyContent(), 'pt').workflow.steps.map((step) => step.title)).toEqual([
      'Passo 1',
      'Passo 2',
      'Passo 3',
    ])

    const step = (key: string, title: string, description?: string) => ({
      _key: key,
      title: text(title, title),
      description: description === undefined ? null : longText(description, description),
    })
    const partial = {
      ...emptyContent(),
      workflow: { title: null, subtitle: null, steps: [step('a', 'Connect'), step('b', 'Analyze', 'We listen')] },
    }
    expect(resolvePageCopy(partial, 'en').workflow.steps.map(({ title, description }) => [title, description])).toEqual([
      ['Connect', 'Description for step 1'],
      ['Analyze', 'We listen'],
      ['Step 3', 'Description for step 3'],
    ])

    const tooMany = {
      ...emptyContent(),
      workflow: { title: null, subtitle: null, steps: ['a', 'b', 'c', 'd'].map((key) => step(key, key.toUpperCase())) },
    }
    expect(resolvePageCopy(tooMany, 'en').workflow.steps.map((s) => s.title)).toEqual(['A', 'B', 'C'])
  })

  it('shows English readers the English fallback, never the Portuguese text, when only Portuguese exists', () => {
    const content: PageContent = {
      ...emptyContent(),
      hero: {
        ...emptyHero(),
        badge: text('Novo'),
        headline: text('Avaliações a partir das reuniões'),
        primaryCta: text('Começar', '  '),
      },
      workflow: {
        title: text('Como usamos'),
        subtitle: null,
        steps: [{ _key: 's1', title: text('Conecte'), description: longText('Integre suas ferramentas') }],
      },
    }
    const en = resolvePageCopy(content, 'en')
    expect(en.hero.headline).toBe('Performance reviews from your meetings')
    expect(en.hero.badge).toBe('')
    expect(en.hero.primaryCta).toBe('Start free trial')
    expect(en.workflow.title).toBe('How It Works')
    expect(en.workflow.steps[0]).toMatchObject({ title: 'Step 1', description: 'Description for step 1' })

    const pt = resolvePageCopy(content, 'pt')
    expect(pt.hero.headline).toBe('Avaliações a partir das reuniões')
    expect(pt.hero.badge).toBe('Novo')
    expect(pt.workflow.title).toBe('Como usamos')
    expect(pt.workflow.steps[0]).toMatchObject({ title: 'Conecte', description: 'Integre suas ferramentas' })
  })

  it('leaves out list items missing in the reader language instead of showing them empty', () => {
    const content: PageContent = {
      ...emptyContent(),
      hero: {
        ...emptyHero(),
        oldWayPoints: [point('o1', 'Planilhas', 'Spreadsheets'), point('o2', 'Memória')],
        newWayPoints: [point('n1', 'Evidências', 'Evidence')],
      },
      statistics: [
        { _id: 'stat-1', value: '90%', label: text('Economia de tempo', 'Time saved') },
        { _id: 'stat-2', value: '3x', label: text('Mais precisas') },
        { _id: 'stat-3', value: ' ', label: text('Sem valor', 'No value') },
      ],
      testimonials: [
        { _id: 't1', quote: longText('Ótimo', 'Great'), author: 'Ana', role: null, photo: null },
        { _id: 't2', quote: longText('Só em português'), author: 'Bruno', role: text('Gerente', 'Manager'), photo: null },
        { _id: 't3', quote: longText('Sem autor', 'No author'), author: '  ', role: null, photo: null },
      ],
      features: {
        title: null,
        subtitle: null,
        items: [
          { _key: 'f1', icon: 'feedback', title: text('Feedback', 'Feedback'), description: null },
          { _key: 'f2', icon: 'goals', title: text('Metas'), description: longText('Acompanhe', 'Track') },
        ],
      },
      useCases: {
        title: null,
        subtitle: null,
        audiences: [
          {
            _key: 'a1',
            audience: text('Gestores', 'Managers'),
            title: text('Menos tempo', 'Less time'),
            description: null,
            points: null,
          },
          { _key: 'a2', audience: text('RH'), title: text('Critérios', 'Criteria'), description: null, points: null },
        ],
      },
      freeTrial: { ...emptyFreeTrial(), benefits: [point('b1', 'Grátis', 'Free'), point('b2', 'Sem cartão', '')] },
    }
    const en = resolvePageCopy(content, 'en')
    expect(en.hero.oldWayPoints).toEqual(['Spreadsheets'])
    expect(en.hero.newWayPoints).toEqual(['Evidence'])
    expect(en.results.statistics).toEqual([{ key: 'stat-1', value: '90%', label: 'Time saved' }])
    expect(en.testimonials.items.map((item) => [item.author, item.quote])).toEqual([['Ana', 'Great']])
    expect(en.features.items.map((item) => item.title)).toEqual(['Feedback'])
    expect(en.useCases.audiences.map((item) => item.audience)).toEqual(['Managers'])
    expect(en.freeTrial.benefits).toEqual(['Free'])

    const pt = resolvePageCopy(content, 'pt')
    expect(pt.hero.oldWayPoints).toEqual(['Planilhas', 'Memória'])
    expect(pt.results.statistics.map((stat) => stat.value)).toEqual(['90%', '3x'])
    expect(pt.testimonials.items.map((item) => item.author)).toEqual(['Ana', 'Bruno'])
    expect(pt.features.items.map((item) => item.title)).toEqual(['Feedback', 'Metas'])
    expect(pt.useCases.audiences.map((item) => item.audience)).toEqual(['Gestores', 'RH'])
    expect(pt.freeTrial.benefits).toEqual(['Grátis', 'Sem cartão'])
  })

  it('leaves sections without items empty, which the page then does not render', () => {
    const copy = resolvePageCopy(emptyContent(), 'en')
    expect(copy.results.statistics).toEqual([])
    expect(copy.testimonials.items).toEqual([])
    expect(copy.useCases.audiences).toEqual([])
    expect(copy.platform.integrationGroups).toEqual([])
  })

  it('replaces every {year} in the rights line from content', () => {
    const content: PageContent = {
      ...emptyContent(),
      settings: {
        brandName: '  ',
        seoTitle: null,
        seoDescription: null,
        rights: text('© {year}–{year} Pulso', '© {year} Pulso Inc.'),
        ogImage: null,
      },
    }
    expect(resolvePageCopy(content, 'pt').footer.rights).toBe(`© ${year}–${year} Pulso`)
    expect(resolvePageCopy(content, 'en').footer.rights).toBe(`© ${year} Pulso Inc.`)
    expect(resolvePageCopy(content, 'en').brandName).toBe('Pulso')
  })

  it('groups integrations by category, leaving out empty groups and nameless tools', () => {
    const content: PageContent = {
      ...emptyContent(),
      platform: {
        title: null,
        subtitle: null,
        integrationsTitle: null,
        integrations: [
          { _key: 'slack', name: 'Slack', category: 'chat' },
          { _key: 'zoom', name: 'Zoom', category: 'video' },
          { _key: 'blank', name: ' ', category: 'team' },
        ],
        chatLabel: text('Conversas', 'Chats'),
        videoLabel: null,
        teamLabel: null,
        securityTitle: null,
        securityPoints: null,
      },
    }
    expect(resolvePageCopy(content, 'en').platform.integrationGroups).toEqual([
      { category: 'chat', label: 'Chats', tools: [{ key: 'slack', name: 'Slack' }] },
      { category: 'video', label: 'Video meetings', tools: [{ key: 'zoom', name: 'Zoom' }] },
    ])
  })

  it('shows an unknown feature icon as the default one and a photo without size as no photo', () => {
    const content: PageContent = {
      ...emptyContent(),
      features: {
        title: null,
        subtitle: null,
        items: [{ _key: 'f', icon: 'rocket' as never, title: text('Foguete', 'Rocket'), description: null }],
      },
      testimonials: [
        {
          _id: 't',
          quote: longText('Bom', 'Good'),
          author: 'Ana',
          role: null,
          photo: { alt: null, hotspot: null, crop: null, asset: { _id: 'image-x', metadata: { dimensions: null } } },
        },
      ],
    }
    const copy = resolvePageCopy(content, 'en')
    expect(copy.features.items[0]?.icon).toBe('insights')
    expect(copy.testimonials.items[0]?.photo).toBeUndefined()
  })
})

function emptyHero(): NonNullable<PageContent['hero']> {
  return {
    badge: null,
    headline: null,
    subheadline: null,
    oldWayTitle: null,
    oldWayPoints: null,
    newWayTitle: null,
    newWayPoints: null,
    primaryCta: null,
    secondaryCta: null,
    trialNote: null,
  }
}

function emptyFreeTrial(): NonNullable<PageContent['freeTrial']> {
  return {
    title: null,
    subtitle: null,
    benefits: null,
    nameLabel: null,
    namePlaceholder: null,
    roleLabel: null,
    rolePlaceholder: null,
    emailLabel: null,
    emailPlaceholder: null,
    buttonText: null,
    buttonLoading: null,
    disclaimer: null,
    successTitle: null,
    successDescription: null,
    errorTitle: null,
    errorDescription: null,
  }
}
