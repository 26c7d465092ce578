import type { Locale } from '../../../../schemas/locales.ts'
import { textOf, type BlockOf, type SectionContext } from '../../shared/content/section-copy.ts'

/** What a logo row says without its heading in the reader's language. */
const logoRowFallbacks: Record<Locale, { title: string }> = {
  pt: { title: 'Quem confia' },
  en: { title: 'Trusted by' },
}

type Logo = NonNullable<BlockOf<'logoRow'>['logos']>[number]

/** A logo's image with the size it is drawn at: its dimensions are known, so the row never shifts as it loads. */
function logoImage(image: Logo['image']) {
  const dimensions = image?.asset?.metadata?.dimensions
  if (!image?.asset || !dimensions?.width || !dimensions.height) return undefined
  return { source: image, width: dimensions.width, height: dimensions.height }
}

/** The logo row's copy: each logo by its name, with its image when it has one it can be drawn at. */
export const resolveLogoRow = (row: BlockOf<'logoRow'>, context: SectionContext) => ({
  title: textOf(row.title, context, logoRowFallbacks[context.locale].title),
  logos: (row.logos ?? []).flatMap((logo) => {
    const name = logo.name?.trim()
    return name ? [{ key: logo._key, name, image: logoImage(logo.image) }] : []
  }),
})
