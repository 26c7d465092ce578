import { beforeAll, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { CAMPAIGN_PAGE_ID, campaignPaths, logoRowBlock } from '../../../../test/fixtures/campaign-page.ts'
import { campaignContent, type CampaignPage } from '../../../../test/web/campaign-content.ts'
import { renderApp } from '../../../../test/web/render-app.tsx'
import { serveContent } from '../../../../test/web/network.ts'
import type { SeedDocument } from '../../../../test/web/seed-content.ts'
import { prepare } from '../../entry-server.tsx'

beforeAll(prepare)

type LogoRowBlock = typeof logoRowBlock
const logoRowOf = (page: CampaignPage) => page.sections.find((section) => section._type === 'logoRowSection') as LogoRowBlock

/** The campaign page in English, its content as `edit` leaves it with `documents` beside it. */
async function openCampaign(edit?: (page: CampaignPage) => void, documents: SeedDocument[] = []) {
  const content = await campaignContent(edit, documents)
  serveContent(content)
  return renderApp({ path: campaignPaths.en, pageId: CAMPAIGN_PAGE_ID, initialContent: content })
}

describe('the logo row', () => {
  it('names those who trust the product under its heading, in order, in letters where there is no logo', async () => {
    await openCampaign()
    const row = await screen.findByRole('region', { name: 'Who uses it' })
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme', 'Globex', 'Initech'])
  })

  it('draws a logo at its proportions, named by its organisation, and skips one without a name', async () => {
    const asset = {
      _id: 'image-acme-320x96-png',
      _type: 'sanity.imageAsset',
      metadata: { dimensions: { width: 320, height: 96 } },
    }
    await openCampaign(
      (page) => {
        const [acme, globex] = logoRowOf(page).logos
        Object.assign(acme ?? {}, { image: { _type: 'image', asset: { _type: 'reference', _ref: asset._id } } })
        Object.assign(globex ?? {}, { name: '  ' })
      },
      [asset],
    )
    const row = await screen.findByRole('region', { name: 'Who uses it' })
    const logo = within(row).getByRole('img', { name: 'Acme' })
    expect(logo).toHaveAttribute('height', '40')
    expect(logo).toHaveAttribute('width', String(Math.round((320 / 96) * 40)))
    expect(logo.getAttribute('src')).toContain('acme-320x96.png')
    expect(within(row).getAllByRole('listitem')).toHaveLength(2)
    expect(within(row).queryByText('Globex')).toBeNull()
  })

  it('says its fallback heading in the reader’s language when the editor left it empty', async () => {
    await openCampaign((page) => {
      logoRowOf(page).title = { _type: 'localeString', pt: 'Clientes', en: '' }
    })
    expect(await screen.findByRole('region', { name: 'Trusted by' })).toBeInTheDocument()
  })

  it('is left out when it has no name to show', async () => {
    await openCampaign((page) => {
      logoRowOf(page).logos = []
    })
    await screen.findByRole('region', { name: 'Frequently asked questions' })
    expect(screen.queryByRole('region', { name: 'Who uses it' })).toBeNull()
  })
})
