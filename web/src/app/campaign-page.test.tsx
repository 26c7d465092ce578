import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { CAMPAIGN_PAGE_ID, campaignPaths, faqBlock } from '../../../test/fixtures/campaign-page.ts'
import { campaignContent, type CampaignPage } from '../../../test/web/campaign-content.ts'
import { renderApp } from '../../../test/web/render-app.tsx'
import { serveContent } from '../../../test/web/network.ts'
import { prepare } from '../entry-server.tsx'

beforeAll(prepare)

/** The campaign page in English, its sections as `edit` leaves them, read through the page query as the content API answers it. */
async function openCampaign(edit?: (page: CampaignPage) => void) {
  const content = await campaignContent(edit)
  serveContent(content)
  renderApp({ path: campaignPaths.en, pageId: CAMPAIGN_PAGE_ID, initialContent: content })
  return within(await screen.findByRole('main'))
}

/** The ids of the page's sections, in order, once the last one has drawn. */
async function sectionIds(main: ReturnType<typeof within>, last: string) {
  await main.findByRole('region', { name: last })
  return [...screen.getByRole('main').querySelectorAll(':scope > section, :scope > div > section')].map((section) => section.id)
}

/** Every link of the page that leads to a sign-up form. */
const formLinks = () => screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.endsWith('#freeTrial'))

describe('a page built from sections', () => {
  it('draws its sections in its order', async () => {
    const main = await openCampaign()
    expect(await sectionIds(main, 'Try Pulso free for 14 days')).toEqual([
      'hero',
      'faq',
      'logoRow',
      'richText',
      'results',
      'freeTrial',
    ])
  })

  it('leaves a hidden section out, keeping the others in their places', async () => {
    const main = await openCampaign((page) => {
      Object.assign(page.sections[2] ?? {}, { hidden: true })
    })
    expect(await sectionIds(main, 'Try Pulso free for 14 days')).toEqual(['hero', 'faq', 'richText', 'results', 'freeTrial'])
    expect(screen.queryByText('Acme')).toBeNull()
  })

  it('draws a section type twice where the page has it twice, each at an anchor of its own', async () => {
    const main = await openCampaign((page) => {
      const second = {
        ...structuredClone(faqBlock),
        _key: 'faq-pricing',
        title: { _type: 'localeString', pt: 'Sobre preços', en: 'About pricing' },
      }
      page.sections.splice(4, 0, second)
    })
    expect(await sectionIds(main, 'Try Pulso free for 14 days')).toEqual([
      'hero',
      'faq',
      'logoRow',
      'richText',
      'faq-2',
      'results',
      'freeTrial',
    ])
    expect(main.getByRole('region', { name: 'About pricing' })).toHaveAttribute('id', 'faq-2')
    expect(main.getAllByText('How much is the trial?')).toHaveLength(2)
  })

  it('leads its calls to action to its own form', async () => {
    await openCampaign()
    await screen.findByRole('region', { name: 'Try Pulso free for 14 days' })
    expect(formLinks().length).toBeGreaterThan(0)
    expect(new Set(formLinks().map((link) => link.getAttribute('href')))).toEqual(new Set(['#freeTrial']))
  })

  it('without a form, leads its calls to action to the home page’s, in the reader’s language', async () => {
    const main = await openCampaign((page) => {
      page.sections = page.sections.filter(({ _type }) => _type !== 'freeTrialSection')
    })
    await main.findByRole('region', { name: 'Frequently asked questions' })
    expect(main.queryByRole('region', { name: 'Try Pulso free for 14 days' })).toBeNull()
    expect(formLinks().length).toBeGreaterThan(0)
    expect(new Set(formLinks().map((link) => link.getAttribute('href')))).toEqual(new Set(['/en#freeTrial']))
  })
})
