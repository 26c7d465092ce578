import type { DocumentBadgeComponent } from 'sanity'
import { countMissingTranslations, describeMissingTranslations, missingLocalesLabel } from '../schemas/translation-status'

/** "EN missing" in the document's header while a text lacks a language, with the count on hover. */
export const TranslationStatusBadge: DocumentBadgeComponent = ({ draft, published }) => {
  const missing = countMissingTranslations(draft ?? published)
  const label = missingLocalesLabel(missing)
  if (!label) return null
  return { label, title: describeMissingTranslations(missing), color: 'warning' }
}
