import { beforeAll, describe, expect, it } from 'vitest'
import { resolvePageCopy, type PageContent } from './page-copy.ts'
import { block, emptyContent, emptyPage, homePageWith, longText, point, text } from '../../../../test/web/content-fixtures.ts'
import { sectionCopy } from '../../../../test/web/section-copy.ts'
import { loadSeedContent } from '../../../../test/web/seed-content.ts'

const year = String(new Date().getFullYear())

describe('resolvePageCopy with the seed content', () => {
  let seed: PageContent
  beforeAll(async () => {
    seed = await loadSeedContent()
  })

  it('resolves each language from its own field', () => {
    expect(sectionCopy(seed, 'en', 'workflow').title).toBe('How It Works')
    expect(sectionCopy(seed, 'pt', 'workflow').title).toBe('Como funciona')
    expect(sectionCopy(seed, 'en', 'workflow').steps.map((step) => step.title)).toEqual([
      'Connect your tools',
      'AI follows the conversations',
      'Review and finalize',
    ])
  })

  it('lists the statistics in their order with values and labels', () => {
    const { statistics } = sectionCopy(seed, 'en', 'results')
    expect(statistics.map(({ value, label }) => [value, label])).toEqual([
      ['90%', 'Time saved on documentation'],
      ['3x', 'More accurate reviews'],
      ['75%', 'Better retention'],
      ['64%', 'More engagement'],
    ])
    expect(sectionCopy(seed, 'pt', 'results').statistics.map((stat) => stat.label)).toEqual([
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
    expect(sectionCopy(undefined, 'en', 'workflow').title).toBe('How It Works')
    expect(sectionCopy(undefined, 'en', 'freeTrial').form.buttonLoading).toBe('Processing...')
    expect(en.context.form.success).toEqual({
      title: 'Registration Successful!',
      description: 'Check your email for the next steps.',
    })
    expect(en.context.form.error).toEqual({
      title: 'Registration Failed',
      description: 'There was an error processing your request. Please try again.',
    })
    expect(en.ui.notFoundTitle).toBe('Oops! Page not found')
    expect(en.footer.rights).toBe(`© ${year} Pulso. All rights reserved.`)
    expect(en.brandName).toBe('Pulso')

    const pt = resolvePageCopy(undefined, 'pt')
    expect(sectionCopy(undefined, 'pt', 'workflow').title).toBe('Como funciona')
    expect(pt.footer.rights).toBe(`© ${year} Pulso. Todos os direitos reservados.`)
    // Optional texts stay empty rather than inventing copy.
    expect(sectionCopy(undefined, 'pt', 'hero').badge).toBe('')
    expect(sectionCopy(undefined, 'pt', 'workflow').subtitle).toBe('')
  })

  it('shows the home page the nine sections of the seed when its document has none, and another page none', () => {
    const kinds = (content: PageContent | undefined, home: boolean) =>
      resolvePageCopy(content, 'en', home).sections.map((section) => section.kind)
    const nine = ['hero', 'workflow', 'useCases', 'results', 'features', 'platform', 'testimonials', 'cta', 'freeTrial']
    expect(kinds(undefined, true)).toEqual(nine)
    expect(kinds(homePageWith(), true)).toEqual(nine)
    expect(kinds({ ...emptyContent(), page: emptyPage('campaign') }, false)).toEqual([])
  })

  it('gives a second section of a kind its own anchor, and leads buttons to the home page’s form on a page without one', () => {
    const content = {
      ...emptyContent(),
      page: { ...emptyPage('campaign'), sections: [block('cta', {}, 'a'), block('cta', {}, 'b')] },
    }
    const copy = resolvePageCopy(content, 'pt')
    expect(copy.sections.map((section) => section.anchor)).toEqual(['cta', 'cta-2'])
    expect(copy.context.links.form).toBe('/#freeTrial')
    expect(resolvePageCopy(content, 'en').context.links.form).toBe('/en#freeTrial')
    expect(resolvePageCopy(homePageWith(block('freeTrial')), 'en').context.links.form).toBe('#freeTrial')
  })

  it('falls back on the workflow title when the block or the field is missing', () => {
    expect(sectionCopy(emptyContent(), 'en', 'workflow').title).toBe('How It Works')
    expect(sectionCopy(emptyContent(), 'pt', 'workflow').title).toBe('Como funciona')

    const content = homePageWith(block('workflow', { steps: [] }))
    expect(sectionCopy(content, 'en', 'workflow').title).toBe('How It Works')
    expect(sectionCopy(content, 'pt', 'workflow').title).toBe('Como funciona')
  })

  it('always shows exactly three steps, each falling back on its own', () => {
    const missing = sectionCopy(emptyContent(), 'en', 'workflow').steps
    expect(missing.map(({ title, description }) => [title, description])).toEqual([
      ['Step 1', 'Description for step 1'],
      ['Step 2', 'Description for step 2'],
      ['Step 3', 'Description for step 3'],
    ])
    expect(sectionCopy(emptyContent(), 'pt', 'workflow').steps.map((step) => step.title)).toEqual([
      'Passo 1',
      'Passo 2',
      'Passo 3',
    ])

    const step = (key: string, title: string, description?: string) => ({
      _key: key,
      _type: 'workflowStep' as const,
      title: text(title, title),
      ...(description === undefined ? {} : { description: longText(description, description) }),
    })
    const partial = homePageWith(block('workflow', { steps: [step('a', 'Connect'), step('b', 'Analyze', 'We listen')] }))
    expect(sectionCopy(partial, 'en', 'workflow').steps.map(({ title, description }) => [title, description])).toEqual([
      ['Connect', 'Description for step 1'],
      ['Analyze', 'We listen'],
      ['Step 3', 'Description for step 3'],
    ])

    const tooMany = homePageWith(block('workflow', { steps: ['a', 'b', 'c', 'd'].map((key) => step(key, key.toUpperCase())) }))
    expect(sectionCopy(tooMany, 'en', 'workflow').steps.map((s) => s.title)).toEqual(['A', 'B', 'C'])
  })

  it('shows English readers the English fallback, never the Portuguese text, when only Portuguese exists', () => {
    const content = homePageWith(
      block('hero', {
        badge: text('Novo'),
        headline: text('Avaliações a partir das reuniões'),
        primaryCta: text('Começar', '  '),
      }),
      block('workflow', {
        title: text('Como usamos'),
        steps: [{ _key: 's1', _type: 'workflowStep', title: text('Conecte'), description: longText('Integre suas ferramentas') }],
      }),
    )
    expect(sectionCopy(content, 'en', 'hero').headline).toBe('Performance reviews from your meetings')
    expect(sectionCopy(content, 'en', 'hero').badge).toBe('')
    expect(sectionCopy(content, 'en', 'hero').primaryCta).toBe('Start free trial')
    expect(sectionCopy(content, 'en', 'workflow').title).toBe('How It Works')
    expect(sectionCopy(content, 'en', 'workflow').steps[0]).toMatchObject({
      title: 'Step 1',
      description: 'Description for step 1',
    })

    expect(sectionCopy(content, 'pt', 'hero').headline).toBe('Avaliações a partir das reuniões')
    expect(sectionCopy(content, 'pt', 'hero').badge).toBe('Novo')
    expect(sectionCopy(content, 'pt', 'workflow').title).toBe('Como usamos')
    expect(sectionCopy(content, 'pt', 'workflow').steps[0]).toMatchObject({
      title: 'Conecte',
      description: 'Integre suas ferramentas',
    })
  })

  it('leaves out list items missing in the reader language instead of showing them empty', () => {
    const content = homePageWith(
      block('hero', {
        oldWayPoints: [point('o1', 'Planilhas', 'Spreadsheets'), point('o2', 'Memória')],
        newWayPoints: [point('n1', 'Evidências', 'Evidence')],
      }),
      block('results', {
        statistics: [
          { _id: 'stat-1', _type: 'statistic', value: '90%', label: text('Economia de tempo', 'Time saved') },
          { _id: 'stat-2', _type: 'statistic', value: '3x', label: text('Mais precisas') },
          { _id: 'stat-3', _type: 'statistic', value: ' ', label: text('Sem valor', 'No value') },
        ],
      }),
      block('testimonials', {
        testimonials: [
          { _id: 't1', _type: 'testimonial', quote: longText('Ótimo', 'Great'), author: 'Ana', role: null, photo: null },
          {
            _id: 't2',
            _type: 'testimonial',
            quote: longText('Só em português'),
            author: 'Bruno',
            role: text('Gerente', 'Manager'),
            photo: null,
          },
          { _id: 't3', _type: 'testimonial', quote: longText('Sem autor', 'No author'), author: '  ', role: null, photo: null },
        ],
      }),
      block('features', {
        items: [
          { _key: 'f1', _type: 'feature', icon: 'feedback', title: text('Feedback', 'Feedback') },
          { _key: 'f2', _type: 'feature', icon: 'goals', title: text('Metas'), description: longText('Acompanhe', 'Track') },
        ],
      }),
      block('useCases', {
        audiences: [
          { _key: 'a1', _type: 'audience', audience: text('Gestores', 'Managers'), title: text('Menos tempo', 'Less time') },
          { _key: 'a2', _type: 'audience', audience: text('RH'), title: text('Critérios', 'Criteria') },
        ],
      }),
      block('freeTrial', { benefits: [point('b1', 'Grátis', 'Free'), point('b2', 'Sem cartão', '')] }),
    )
    expect(sectionCopy(content, 'en', 'hero').oldWayPoints).toEqual(['Spreadsheets'])
    expect(sectionCopy(content, 'en', 'hero').newWayPoints).toEqual(['Evidence'])
    expect(sectionCopy(content, 'en', 'results').statistics).toEqual([{ key: 'stat-1', value: '90%', label: 'Time saved' }])
    expect(sectionCopy(content, 'en', 'testimonials').items.map((item) => [item.author, item.quote])).toEqual([['Ana', 'Great']])
    expect(sectionCopy(content, 'en', 'features').items.map((item) => item.title)).toEqual(['Feedback'])
    expect(sectionCopy(content, 'en', 'useCases').audiences.map((item) => item.audience)).toEqual(['Managers'])
    expect(sectionCopy(content, 'en', 'freeTrial').benefits).toEqual(['Free'])

    expect(sectionCopy(content, 'pt', 'hero').oldWayPoints).toEqual(['Planilhas', 'Memória'])
    expect(sectionCopy(content, 'pt', 'results').statistics.map((stat) => stat.value)).toEqual(['90%', '3x'])
    expect(sectionCopy(content, 'pt', 'testimonials').items.map((item) => item.author)).toEqual(['Ana', 'Bruno'])
    expect(sectionCopy(content, 'pt', 'features').items.map((item) => item.title)).toEqual(['Feedback', 'Metas'])
    expect(sectionCopy(content, 'pt', 'useCases').audiences.map((item) => item.audience)).toEqual(['Gestores', 'RH'])
    expect(sectionCopy(content, 'pt', 'freeTrial').benefits).toEqual(['Grátis', 'Sem cartão'])
  })

  it('leaves sections without items empty, which the page then does not render', () => {
    expect(sectionCopy(emptyContent(), 'en', 'results').statistics).toEqual([])
    expect(sectionCopy(emptyContent(), 'en', 'testimonials').items).toEqual([])
    expect(sectionCopy(emptyContent(), 'en', 'useCases').audiences).toEqual([])
    expect(sectionCopy(emptyContent(), 'en', 'platform').integrationGroups).toEqual([])
  })

  it('replaces every {year} in the rights line from content', () => {
    const content: PageContent = {
      ...emptyContent(),
      settings: { brandName: '  ', rights: text('© {year}–{year} Pulso', '© {year} Pulso Inc.'), ogImage: null },
    }
    expect(resolvePageCopy(content, 'pt').footer.rights).toBe(`© ${year}–${year} Pulso`)
    expect(resolvePageCopy(content, 'en').footer.rights).toBe(`© ${year} Pulso Inc.`)
    expect(resolvePageCopy(content, 'en').brandName).toBe('Pulso')
  })

  it('groups integrations by category, leaving out empty groups and nameless tools', () => {
    const content = homePageWith(
      block('platform', {
        integrations: [
          { _key: 'slack', _type: 'integration', name: 'Slack', category: 'chat' },
          { _key: 'zoom', _type: 'integration', name: 'Zoom', category: 'video' },
          { _key: 'blank', _type: 'integration', name: ' ', category: 'team' },
        ],
        chatLabel: text('Conversas', 'Chats'),
      }),
    )
    expect(sectionCopy(content, 'en', 'platform').integrationGroups).toEqual([
      { category: 'chat', label: 'Chats', tools: [{ key: 'slack', name: 'Slack' }] },
      { category: 'video', label: 'Video meetings', tools: [{ key: 'zoom', name: 'Zoom' }] },
    ])
  })

  it('shows an unknown feature icon as the default one and a photo without size as no photo', () => {
    const content = homePageWith(
      block('features', { items: [{ _key: 'f', _type: 'feature', icon: 'rocket' as never, title: text('Foguete', 'Rocket') }] }),
      block('testimonials', {
        testimonials: [
          {
            _id: 't',
            _type: 'testimonial',
            quote: longText('Bom', 'Good'),
            author: 'Ana',
            role: null,
            photo: { alt: null, hotspot: null, crop: null, asset: { _id: 'image-x', metadata: { dimensions: null } } },
          },
        ],
      }),
    )
    expect(sectionCopy(content, 'en', 'features').items[0]?.icon).toBe('insights')
    expect(sectionCopy(content, 'en', 'testimonials').items[0]?.photo).toBeUndefined()
  })
})
