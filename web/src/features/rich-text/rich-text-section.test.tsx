import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { CAMPAIGN_PAGE_ID, campaignPaths, richTextBlock } from '../../../../test/fixtures/campaign-page.ts'
import { campaignContent, type CampaignPage } from '../../../../test/web/campaign-content.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'
import { serveContent } from '../../../../test/web/network.ts'
import { prepare } from '../../entry-server.tsx'

beforeAll(prepare)

type RichTextBlock = typeof richTextBlock
const richTextOf = (page: CampaignPage) => page.sections.find((section) => section._type === 'richTextSection') as RichTextBlock

/** A paragraph of one span marked as a link to `href`. */
const linkParagraph = (key: string, text: string, href: string) => ({
  _key: key,
  _type: 'block',
  style: 'normal',
  markDefs: [{ _key: 'link', _type: 'link', href }],
  children: [{ _key: `${key}0`, _type: 'span', text, marks: ['link'] }],
})

async function openCampaign(edit?: (page: CampaignPage) => void, path: string = campaignPaths.en) {
  const content = await campaignContent(edit)
  serveContent(content)
  return renderApp({ path, pageId: CAMPAIGN_PAGE_ID, initialContent: content })
}

describe('the rich-text section', () => {
  it('draws the editor’s heading, subheadings, paragraphs and links in the reader’s language', async () => {
    await openCampaign()
    const text = await screen.findByRole('region', { name: 'Made for HR' })
    expect(within(text).getByRole('heading', { level: 2, name: 'Made for HR' })).toBeInTheDocument()
    expect(within(text).getByRole('heading', { level: 3, name: 'Fair reviews' })).toBeInTheDocument()
    expect(within(text).getByRole('link', { name: 'privacy note' })).toHaveAttribute('href', '/en/privacy')
    expect(within(text).getByText(/Read the/)).toHaveTextContent('Read the privacy note.')
  })

  it('opens links to other sites without handing them the page, and drops a link that is no address', async () => {
    await openCampaign((page) => {
      const body = richTextOf(page).body as { en: unknown[] }
      body.en.push(
        linkParagraph('site', 'the study', 'https://example.org/study'),
        linkParagraph('mail', 'write to us', 'mailto:hello@example.org'),
        linkParagraph('script', 'click me', 'javascript:alert(1)'),
      )
    })
    const text = await screen.findByRole('region', { name: 'Made for HR' })
    expect(within(text).getByRole('link', { name: 'the study' })).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(text).getByRole('link', { name: 'write to us' })).toHaveAttribute('href', 'mailto:hello@example.org')
    expect(within(text).queryByRole('link', { name: 'click me' })).toBeNull()
    expect(within(text).getByText('click me')).toBeInTheDocument()
  })

  it('is left out for readers of a language it has no text in, and has no heading where the editor gave none', async () => {
    await openCampaign((page) => {
      const section = richTextOf(page)
      section.title = { _type: 'localeString', pt: '', en: '' }
      ;(section.body as { en: unknown[] }).en = []
    })
    await screen.findByRole('region', { name: 'Frequently asked questions' })
    expect(screen.queryByText('Fair reviews')).toBeNull()
    expect(screen.queryByText('Avaliações justas')).toBeNull()
  })

  it('in Portuguese without a heading: the text alone', async () => {
    await openCampaign((page) => {
      richTextOf(page).title = { _type: 'localeString', pt: '', en: '' }
    }, campaignPaths.pt)
    const subheading = await screen.findByRole('heading', { level: 3, name: 'Avaliações justas' })
    expect(screen.queryByRole('heading', { level: 2, name: 'Feito para RH' })).toBeNull()
    expect(subheading.closest('section')).not.toHaveAttribute('aria-labelledby')
  })
})
