import type { Locale } from '../../../../schemas/locales.ts'

/**
 * What a page's head says when its title or description is missing in the reader's language: read by
 * the prerender and by the chunk that rewrites the head (write-document-head.ts), never by the page's
 * first script. Typed per language, so a missing English one fails the type check.
 */
export const seoFallbacks: Record<Locale, { title: string; description: string }> = {
  pt: {
    title: 'Pulso — avaliações de desempenho com IA',
    description: 'Feedback automático a partir das suas reuniões. Teste grátis por 14 dias, sem cartão de crédito.',
  },
  en: {
    title: 'Pulso — AI performance reviews',
    description: 'Automated feedback from your meetings. Free for 14 days, no credit card.',
  },
}
