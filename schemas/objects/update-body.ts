import { defineArrayMember, defineField, defineType } from 'sanity'
import { defaultLocale, localeTags, locales } from '../locales'

/** The placeholders an update's body may hold: the reader's name and place in line, the brand (as the referral copy has them). */
export const UPDATE_PLACEHOLDERS = ['name', 'place', 'brand'] as const

/** A link drawn as a button: its label, and where it leads (an https address the team typed). */
export const emailButton = defineType({
  name: 'emailButton',
  title: 'Button',
  type: 'object',
  fields: [
    defineField({ name: 'label', title: 'Label', type: 'string', validation: (rule) => rule.required().max(40) }),
    defineField({
      name: 'href',
      title: 'Address',
      description: 'The full https:// address the button opens.',
      type: 'url',
      validation: (rule) => rule.required().uri({ scheme: ['https'] }),
    }),
  ],
  preview: { select: { title: 'label', subtitle: 'href' } },
})

/**
 * An update's words in one language, as Portable Text: paragraphs, headings, bold and italic,
 * links (https or mailto, typed by the team) and buttons. Nothing else: no images (no remote
 * image reaches a reader unless the team adds one to the email's layout), no lists of its own.
 */
export const updateBody = defineType({
  name: 'updateBody',
  title: 'Body',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Paragraph', value: 'normal' },
        { title: 'Heading', value: 'h2' },
        { title: 'Subheading', value: 'h3' },
      ],
      lists: [],
      marks: {
        decorators: [
          { title: 'Bold', value: 'strong' },
          { title: 'Italic', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: 'Address',
                description: 'A full https:// address, or mailto: for an email address.',
                type: 'url',
                validation: (rule) => rule.required().uri({ scheme: ['https', 'mailto'] }),
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({ type: 'emailButton' }),
  ],
})

interface Span {
  text?: string
}
interface Block {
  _type?: string
  children?: Span[]
}

/** What is wrong with the {…} placeholders of a body, if anything: any but {name}, {place} and {brand} would reach readers as typed. */
export function updateBodyProblem(blocks: readonly Block[] | undefined): string | undefined {
  const texts = (blocks ?? []).flatMap((block) => (block.children ?? []).map((span) => span.text ?? ''))
  const unknown = texts
    .flatMap((text) => [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? ''))
    .find((name) => !(UPDATE_PLACEHOLDERS as readonly string[]).includes(name))
  return unknown === undefined
    ? undefined
    : `{${unknown}} would reach readers as typed; the body can use ${UPDATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`
}

/**
 * The body in both languages side by side: Portuguese required, a missing English body only warns.
 * A type of its own, so that its documents carry its name (not a {pt, en} of texts to count).
 */
export const localeUpdateBody = defineType({
  name: 'localeUpdateBody',
  title: 'Body in each language',
  type: 'object',
  options: { columns: 2 },
  fields: locales.map((locale) =>
    defineField({
      name: locale,
      title: localeTags[locale].title,
      description: `What ${localeTags[locale].title} readers read.`,
      type: 'updateBody',
      validation: (rule) => {
        const placeholders = rule.custom((blocks) => updateBodyProblem(blocks as Block[] | undefined) ?? true)
        return locale === defaultLocale
          ? [rule.required().min(1), placeholders]
          : [
              rule.required().warning(`Missing ${localeTags[locale].title} body: English readers get the Portuguese one.`),
              placeholders,
            ]
      },
    }),
  ),
})
