import type { LocaleRichText } from '../../../../schemas/sanity.types.ts'
import { textOf, type BlockOf, type SectionContext } from '../../shared/content/section-copy.ts'

export type RichTextBlocks = NonNullable<LocaleRichText['pt']>

/** Whether some block says something: a text of only spaces is none. */
const saysSomething = (blocks: RichTextBlocks) =>
  blocks.some((block) => block.children?.some((span) => (span.text ?? '').trim() !== ''))

/**
 * The rich-text section's copy in one language: its optional heading and its blocks, none when they
 * say nothing there (the section is then left out for that language's readers: no fallback stands in
 * for a text of the editor's own).
 */
export const resolveRichText = (section: BlockOf<'richText'>, context: SectionContext) => {
  const blocks = section.body?.[context.locale] ?? []
  return { title: textOf(section.title, context), blocks: saysSomething(blocks) ? blocks : [] }
}

/** Where a link may lead: another site over https, an email address, or a page of this site. */
export const isAllowedHref = (href: string | undefined): href is string => /^(https:\/\/|mailto:|\/(?!\/))/.test(href ?? '')
