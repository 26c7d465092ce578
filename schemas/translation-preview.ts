import type { PreviewValue } from 'sanity'
import { countMissingTranslations, describeMissingTranslations } from './translation-status'

/** The parts of a document type this needs: its field names and its own preview. */
interface PreviewedDocumentType {
  fields: readonly { name: string }[]
  preview?: {
    select?: Record<string, string>
    prepare?: (value: Record<string, unknown>) => PreviewValue
  }
}

interface TranslationAwarePreview {
  select: Record<string, string>
  prepare: (selection: Record<string, unknown>) => PreviewValue
}

const FIELD_PREFIX = 'translationStatus.'

/**
 * Adds the translation status to a document type's preview: the preview selects every field,
 * counts the texts missing a language and appends "⚠ English missing in 2 texts" to the
 * subtitle, so desk lists and document headers show gaps at a glance.
 */
export function withTranslationStatus<T extends PreviewedDocumentType>(type: T): T & { preview: TranslationAwarePreview } {
  const own = type.preview ?? {}
  const fieldSelection = Object.fromEntries(type.fields.map((field) => [`${FIELD_PREFIX}${field.name}`, field.name]))
  return {
    ...type,
    preview: {
      select: { ...fieldSelection, ...own.select },
      prepare: (selection: Record<string, unknown>) => {
        const fields = Object.entries(selection).filter(([key]) => key.startsWith(FIELD_PREFIX))
        const ownSelection = Object.fromEntries(Object.entries(selection).filter(([key]) => !key.startsWith(FIELD_PREFIX)))
        const base: PreviewValue = own.prepare ? own.prepare(ownSelection) : ownSelection
        const gaps = describeMissingTranslations(countMissingTranslations(Object.fromEntries(fields)))
        const subtitle = [base.subtitle, gaps && `⚠ ${gaps}`].filter(Boolean).join(' — ')
        return { ...base, subtitle: subtitle || undefined }
      },
    },
  }
}
