import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import type { SeedDocument } from '../../server/sanity/local-dataset.ts'
import { pageQuery } from '../../web/src/shared/content/page-query.ts'
import type { PageContent } from '../../web/src/shared/content/page-copy.ts'
import { CAMPAIGN_PAGE_ID, campaignPage, type StoredPage } from '../fixtures/campaign-page.ts'
import { answerWith, loadSeedDocuments } from './seed-content.ts'

export type CampaignPage = ReturnType<typeof campaignPage>

/** The seed's home page document, as stored. */
export async function seedHomePage(): Promise<StoredPage> {
  const home = (await loadSeedDocuments()).find((document) => document._id === HOME_PAGE_ID)
  if (!home) throw new Error('the seed has no home page')
  return home as StoredPage
}

/**
 * The campaign page's content (test/fixtures/campaign-page.ts) as the content API answers the page
 * query for it, over the seed with the page as `edit` leaves it (its sections reordered, hidden, removed…)
 * and `documents` beside it (an image asset, say).
 */
export async function campaignContent(
  edit: (page: CampaignPage) => void = () => {},
  documents: readonly SeedDocument[] = [],
): Promise<PageContent> {
  const page = campaignPage(await seedHomePage())
  edit(page)
  return answerWith<PageContent>([page, ...documents], pageQuery, { page: CAMPAIGN_PAGE_ID, arms: [] })
}
