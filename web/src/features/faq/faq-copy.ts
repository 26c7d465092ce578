import type { Locale } from '../../../../schemas/locales.ts'
import { localize } from '../../shared/content/localize.ts'
import { textOf, type BlockOf, type SectionContext } from '../../shared/content/section-copy.ts'

/** What an FAQ section says without its heading in the reader's language. */
const faqFallbacks: Record<Locale, { title: string }> = {
  pt: { title: 'Perguntas frequentes' },
  en: { title: 'Frequently asked questions' },
}

/** The FAQ's copy in one language: a question without its answer there, or an answer without its question, is left out. */
export const resolveFaq = (faq: BlockOf<'faq'>, context: SectionContext) => ({
  title: textOf(faq.title, context, faqFallbacks[context.locale].title),
  subtitle: textOf(faq.subtitle, context),
  questions: (faq.questions ?? []).flatMap((item) => {
    const question = localize(item.question, context.locale)
    const answer = localize(item.answer, context.locale)
    return question && answer ? [{ key: item._key, question, answer }] : []
  }),
})

export type FaqCopy = ReturnType<typeof resolveFaq>

/**
 * The questions as schema.org's FAQPage (structured data search engines read), as JSON that cannot
 * close the script element it sits in.
 */
export function faqStructuredData({ questions }: Pick<FaqCopy, 'questions'>): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  }
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
