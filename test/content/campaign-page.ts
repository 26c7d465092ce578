// Test helper: a campaign page as an editor builds it in the Studio (issue 39, docs/product.md §2): a
// page document with an address per language, a hero, the results, an FAQ and the free-trial form,
// its hero, results and form taken from the seed's home page, so that it reads as real content.
import { readFileSync } from 'node:fs'

/** A document as the seed file holds it, one a line. */
export type SeedDocument = Record<string, unknown> & { _id: string; _type: string }

interface Section {
  _key: string
  _type: string
  [field: string]: unknown
}

const seedUrl = new URL('../../studio/seed/data.ndjson', import.meta.url)

function homeSections(): Section[] {
  for (const line of readFileSync(seedUrl, 'utf8').split('\n')) {
    if (!line.startsWith('{"_id":"homePage"')) continue
    return (JSON.parse(line) as { sections: Section[] }).sections
  }
  throw new Error('the seed has no home page')
}

const localeString = (pt: string, en: string) => ({ _type: 'localeString', pt, en })

/** The FAQ the campaign page asks its readers' questions in. */
export const campaignFaq = {
  title: localeString('Perguntas de quem lidera RH', 'Questions HR leaders ask'),
  question: localeString('O Pulso grava todas as reuniões?', 'Does Pulso record every meeting?'),
  answer: {
    _type: 'localeText',
    pt: 'Só as reuniões que o time escolhe, com aviso a quem participa.',
    en: 'Only the meetings your team chooses, with everyone told.',
  },
}

/** A page at `/<slug.pt>` and `/en/<slug.en>` (either may be left out) with the sections above, in that order. */
export function campaignPage(id: string, title: { pt: string; en: string }, slug: { pt?: string; en?: string }): SeedDocument {
  const home = homeSections()
  const fromHome = (type: string) => {
    const section = home.find((candidate) => candidate._type === type)
    if (!section) throw new Error(`the seed's home page has no ${type}`)
    return structuredClone(section)
  }
  return {
    _id: id,
    _type: 'page',
    title: localeString(title.pt, title.en),
    slug: Object.fromEntries(Object.entries(slug).map(([locale, current]) => [locale, { _type: 'slug', current }])),
    noindex: false,
    sections: [
      fromHome('heroSection'),
      fromHome('resultsSection'),
      {
        _key: 'faq',
        _type: 'faqSection',
        title: campaignFaq.title,
        questions: [{ _key: 'recording', _type: 'faqItem', question: campaignFaq.question, answer: campaignFaq.answer }],
      },
      fromHome('freeTrialSection'),
    ],
  }
}

/** The campaign page of issue 39's done-when: at /rh and /en/for-hr-leaders. */
export const hrLeadersPage = () =>
  campaignPage('hrLeaders', { pt: 'Pulso para líderes de RH', en: 'Pulso for HR leaders' }, { pt: 'rh', en: 'for-hr-leaders' })
