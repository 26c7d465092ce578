import { describe, expect, it } from 'vitest'
import type { RoutedPage } from '../site/page-routes.ts'
import { withPageNames } from './report-pages.ts'

const served: RoutedPage[] = [
  { id: 'homePage', title: { pt: 'Início', en: 'Home' }, noindex: false, paths: { pt: '/', en: '/en' }, experiments: [] },
  { id: 'hrLeaders', title: { pt: 'Para RH' }, noindex: false, paths: { pt: '/rh' }, experiments: [] },
]

describe('the report’s pages named', () => {
  it('gives each counted page its title and addresses, and a page no longer served its id alone', () => {
    const report = {
      totals: { visitors: 3 },
      by_page: [
        { page: 'hrLeaders', visitors: 2 },
        { page: 'oldCampaign', visitors: 1 },
      ],
    }
    expect(withPageNames(report, served)).toEqual({
      totals: { visitors: 3 },
      by_page: [
        { page: 'hrLeaders', visitors: 2, title: { pt: 'Para RH' }, paths: { pt: '/rh' } },
        { page: 'oldCampaign', visitors: 1, title: {}, paths: {} },
      ],
    })
  })

  it('leaves an answer without by_page as it is', () => {
    const older = { totals: { visitors: 1 } }
    expect(withPageNames(older, served)).toBe(older)
  })
})
