import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { CAMPAIGN_PAGE_ID, campaignPaths, faqBlock } from '../../../../test/fixtures/campaign-page.ts'
import { campaignContent, type CampaignPage } from '../../../../test/web/campaign-content.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'
import { serveContent } from '../../../../test/web/network.ts'
import { localPublicConfig } from '../../shared/config/public-config.ts'
import type { PageContent } from '../../shared/content/page-copy.ts'
import { prepare, render } from '../../entry-server.tsx'

type FaqBlock = typeof faqBlock
const faqOf = (page: CampaignPage) => page.sections.find((section) => section._type === 'faqSection') as FaqBlock

// The kinds loaded lazily are fetched before the page draws, as the server does before its first render.
beforeAll(prepare)

/** The campaign page in the browser, in English unless told, with its content as `edit` leaves it. */
async function openCampaign(edit?: (page: CampaignPage) => void, path: string = campaignPaths.en) {
  const content = await campaignContent(edit)
  serveContent(content)
  return renderApp({ path, pageId: CAMPAIGN_PAGE_ID, initialContent: content })
}

/** The FAQ's part of the page, by its heading. */
const faqRegion = (name: string) => screen.findByRole('region', { name })

describe('the FAQ section', () => {
  it('shows each question, its answer behind it until the reader opens it, and closes it again', async () => {
    const { user } = await openCampaign()
    const faq = await faqRegion('Frequently asked questions')
    expect(within(faq).getByText('What HR teams ask before they start.')).toBeVisible()
    const question = within(faq).getByText('How much is the trial?')
    const answer = within(faq).getByText('Nothing: 14 days free, no credit card.')
    expect(answer).not.toBeVisible()
    await user.click(question)
    expect(answer).toBeVisible()
    // The other question stays closed.
    expect(within(faq).getByText('On servers in Brazil, encrypted.')).not.toBeVisible()
    await user.click(question)
    expect(answer).not.toBeVisible()
  })

  it('is a native disclosure, each question a summary in the tab order (browsers toggle it on Enter and Space)', async () => {
    const { user } = await openCampaign()
    const faq = await faqRegion('Frequently asked questions')
    const questions = ['How much is the trial?', 'Where is the data kept?'].map((text) => within(faq).getByText(text))
    for (const question of questions) {
      // <summary> is the control of its <details>: browsers make it focusable, toggle it on Enter and
      // Space and expose its expanded state to assistive technology, with or without script.
      expect(question.tagName).toBe('SUMMARY')
      expect(question.parentElement?.tagName).toBe('DETAILS')
    }
    questions[0]?.focus()
    await user.tab()
    expect(questions[1]).toHaveFocus()
  })

  it('leaves out a question without its answer in the reader’s language, and says its heading’s fallback', async () => {
    await openCampaign((page) => {
      const faq = faqOf(page)
      faq.title = { _type: 'localeString', pt: 'Perguntas', en: '' }
      const [first] = faq.questions
      if (first) first.answer = { _type: 'localeText', pt: 'Nada.', en: '' }
    })
    const faq = await faqRegion('Frequently asked questions')
    expect(within(faq).queryByText('How much is the trial?')).toBeNull()
    expect(within(faq).getByText('Where is the data kept?')).toBeInTheDocument()
  })

  it('is left out when no question can be shown', async () => {
    await openCampaign((page) => {
      faqOf(page).questions = []
    })
    await screen.findByRole('region', { name: 'What changes when reviews start from real conversations' })
    expect(screen.queryByRole('region', { name: 'Frequently asked questions' })).toBeNull()
  })
})

/** The campaign page's Portuguese prerender, as the server makes it, with this content. */
const prerender = (content: PageContent) =>
  render({ path: campaignPaths.pt, pageId: CAMPAIGN_PAGE_ID, preferredLocale: 'pt', content, config: localPublicConfig })

/** The JSON-LD scripts of a prerendered body, parsed. */
const structuredData = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json ?? '') as Record<string, unknown>,
  )

describe('the FAQ in the prerendered page', () => {
  it('is in the HTML with FAQPage structured data, in the page’s language, before any script runs', async () => {
    const content = await campaignContent()
    const page = prerender(content)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Onde ficam os dados?')
    expect(structuredData(page.body)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'Quanto custa o teste?',
            acceptedAnswer: { '@type': 'Answer', text: 'Nada: 14 dias grátis, sem cartão.' },
          },
          {
            '@type': 'Question',
            name: 'Onde ficam os dados?',
            acceptedAnswer: { '@type': 'Answer', text: 'Em servidores no Brasil, criptografados.' },
          },
        ],
      },
    ])
  })

  it('keeps an answer that holds markup inside its script element', async () => {
    const content = await campaignContent((page) => {
      const [first] = faqOf(page).questions
      if (first) first.answer = { _type: 'localeText', pt: 'Nada </script><script>alert(1)</script>', en: 'x' }
    })
    const { body } = prerender(content)
    expect(body).not.toContain('<script>alert(1)')
    const [data] = structuredData(body) as [{ mainEntity: { acceptedAnswer: { text: string } }[] }]
    expect(data.mainEntity[0]?.acceptedAnswer.text).toBe('Nada </script><script>alert(1)</script>')
  })

  it('is not on a page without one', async () => {
    const content = await campaignContent((page) => {
      page.sections = page.sections.filter(({ _type }) => _type !== 'faqSection')
    })
    const { body } = prerender(content)
    expect(structuredData(body)).toEqual([])
  })
})
