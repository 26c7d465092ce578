import { defineArrayMember, defineField, defineType, type StringRule, type TextRule } from 'sanity'
import { defaultLocale, localeTags, locales, type Locale } from '../locales'

/**
 * Field-level localization: every translatable text is an object with one field per
 * locale, so both languages sit side by side in one document (docs/decisions/0002).
 * Portuguese is required; a missing English text only warns, and the page falls back.
 */
function localeFieldsOf(kind: 'string' | 'text') {
  return locales.map((locale) =>
    defineField({
      name: locale,
      title: localeTags[locale].title,
      type: kind,
      ...(kind === 'text' ? { rows: 3 } : {}),
      validation: (rule: StringRule | TextRule) =>
        locale === defaultLocale
          ? rule.required()
          : rule.required().warning(`Missing ${localeTags[locale].title} text: the page shows a fallback.`),
    }),
  )
}

export const localeString = defineType({
  name: 'localeString',
  title: 'Localized text',
  type: 'object',
  options: { columns: 2 },
  fields: localeFieldsOf('string'),
})

export const localeText = defineType({
  name: 'localeText',
  title: 'Localized paragraph',
  type: 'object',
  fields: localeFieldsOf('text'),
})

export type LocalizedValue = Partial<Record<Locale, string>> | undefined

interface LocalizedFieldOptions {
  name: string
  title: string
  description: string
  /** A paragraph (textarea) rather than a single line. */
  paragraph?: boolean
  /** Characters per language that still fit the layout. */
  max?: number
  fieldset?: string
  /** Required in every language, not only Portuguese: texts with no fallback worth showing (image alts). */
  requiredInEveryLocale?: boolean
  /** Required in no language: a text the page does without (an optional heading). */
  optional?: boolean
  /**
   * The placeholders the text may hold, such as `brand` for {brand}; with this set, any other
   * {…} is refused (readers would see it as typed). `required` ones must be in every language.
   */
  placeholders?: { allowed: readonly string[]; required?: readonly string[] }
}

/** What is wrong with the {…} placeholders of one language's text, if anything. */
function placeholderProblem(text: string, { allowed, required = [] }: NonNullable<LocalizedFieldOptions['placeholders']>) {
  const used = [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '')
  const unknown = used.find((name) => !allowed.includes(name))
  if (unknown !== undefined) {
    const offered = allowed.length > 0 ? `this text can use ${allowed.map((a) => `{${a}}`).join(', ')}` : 'this text takes none'
    return `{${unknown}} would reach readers as typed; ${offered}.`
  }
  const missing = required.find((name) => !used.includes(name))
  return missing === undefined ? undefined : `Keep {${missing}} in the text: it is where the ${missing} goes.`
}

/** What is wrong with a translatable text by these options (required languages, placeholders, length), if anything. */
export function localizedTextProblem(
  value: LocalizedValue,
  {
    max,
    requiredInEveryLocale,
    optional,
    placeholders,
  }: Pick<LocalizedFieldOptions, 'max' | 'requiredInEveryLocale' | 'optional' | 'placeholders'>,
): string | undefined {
  const requiredLocales = optional ? [] : requiredInEveryLocale ? locales : [defaultLocale]
  const absent = requiredLocales.filter((locale) => !value?.[locale]?.trim())
  if (absent.length > 0) return `${absent.map((l) => localeTags[l].title).join(' and ')} text is required.`
  if (!value) return undefined
  for (const locale of placeholders ? locales : []) {
    const text = value[locale]
    const problem = text && placeholders && placeholderProblem(text, placeholders)
    if (problem) return `${localeTags[locale].title}: ${problem}`
  }
  if (!max) return undefined
  const tooLong = locales.filter((locale) => (value[locale]?.length ?? 0) > max)
  return tooLong.length === 0
    ? undefined
    : `Keep it under ${max} characters (${tooLong.map((l) => localeTags[l].title).join(', ')}) so the layout holds.`
}

/** A translatable field with a length budget that keeps the layout intact. */
export function localizedField(options: LocalizedFieldOptions) {
  const { name, title, description, paragraph, fieldset } = options
  return defineField({
    name,
    title,
    description,
    fieldset,
    type: paragraph ? 'localeText' : 'localeString',
    validation: (rule) => rule.custom((value: LocalizedValue) => localizedTextProblem(value, options) ?? true),
  })
}

interface LocalizedUrlOptions {
  name: string
  title: string
  description: string
  fieldset?: string
}

/**
 * An https address per language (a page written in each). Like the texts, Portuguese is required
 * and a missing English one only warns: the code's fallback is used.
 */
export function localizedUrl({ name, title, description, fieldset }: LocalizedUrlOptions) {
  return defineField({
    name,
    title,
    description,
    fieldset,
    type: 'object',
    options: { columns: 2 },
    fields: locales.map((locale) =>
      defineField({
        name: locale,
        title: localeTags[locale].title,
        description: `The full https:// address for ${localeTags[locale].title} readers.`,
        type: 'url',
        validation: (rule) => {
          const https = rule.uri({ scheme: ['https'] })
          return locale === defaultLocale
            ? https.required()
            : [https, rule.required().warning(`Missing ${localeTags[locale].title} address: the email uses a fallback.`)]
        },
      }),
    ),
  })
}

interface LocalizedListOptions {
  name: string
  title: string
  description: string
  min: number
  max: number
  /** Paragraphs (textareas) rather than one-liners. */
  paragraph?: boolean
  fieldset?: string
}

/** A short list of translatable one-liners (bullet points) or paragraphs. */
export function localizedList({ name, title, description, min, max, paragraph, fieldset }: LocalizedListOptions) {
  return defineField({
    name,
    title,
    description,
    fieldset,
    type: 'array',
    of: [defineArrayMember({ type: paragraph ? 'localeText' : 'localeString' })],
    validation: (rule) => rule.min(min).max(max),
  })
}

/**
 * Every section opens with a heading and a one-sentence intro. The budgets suit most sections;
 * a narrower layout passes its own.
 */
export function sectionHeadingFields({ titleMax = 70, introMax = 220 }: { titleMax?: number; introMax?: number } = {}) {
  return [
    localizedField({ name: 'title', title: 'Heading', description: 'Section heading.', max: titleMax }),
    localizedField({
      name: 'subtitle',
      title: 'Intro',
      description: 'One sentence under the heading.',
      paragraph: true,
      max: introMax,
    }),
  ]
}

interface TitleAndDescriptionOptions {
  /** Characters per language that still fit the layout, for the title and for the paragraph. */
  titleMax: number
  descriptionMax: number
  /** What editors read where the defaults ("Title": "A few words.", "One or two sentences.") do not fit. */
  titleLabel?: string
  titleHelp?: string
  descriptionHelp?: string
}

/** A card's or a step's title and the short paragraph under it. */
export function titleAndDescriptionFields({
  titleMax,
  descriptionMax,
  titleLabel = 'Title',
  titleHelp = 'A few words.',
  descriptionHelp = 'One or two sentences.',
}: TitleAndDescriptionOptions) {
  return [
    localizedField({ name: 'title', title: titleLabel, description: titleHelp, max: titleMax }),
    localizedField({
      name: 'description',
      title: 'Description',
      description: descriptionHelp,
      paragraph: true,
      max: descriptionMax,
    }),
  ]
}
