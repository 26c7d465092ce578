import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'

/**
 * Inter with its weight axis, Latin subset only: every character Portuguese and English use,
 * in one 47 KiB file served from this site (its unicode-range is the one Fontsource gives it).
 */
export const interLatin = {
  url: interLatinUrl,
  unicodeRange:
    'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
}

/**
 * Fonts every phone and computer already has, reshaped to take the room Inter takes: widths
 * scaled to Inter's average and Inter's ascent and descent, so text keeps its lines and
 * height when Inter replaces it (no layout shift). Arial's numbers also fit Liberation Sans
 * (Linux); Android has Roboto. fonts.test.ts derives them from the fonts' published metrics.
 */
export const interFallbacks = [
  {
    family: 'Inter Fallback',
    local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans-Regular'],
    sizeAdjust: '107.12%',
    ascentOverride: '90.44%',
    descentOverride: '22.52%',
  },
  {
    family: 'Inter Fallback Roboto',
    local: ['Roboto', 'Roboto-Regular'],
    sizeAdjust: '107.35%',
    ascentOverride: '90.24%',
    descentOverride: '22.47%',
  },
] as const

/** The page's text font first, then its reshaped stand-ins, then whatever the system has. */
export const bodyFontStack = `'Inter Variable', ${interFallbacks.map(({ family }) => `'${family}'`).join(', ')}, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`

/**
 * The stand-ins' faces, inline in the page's <style> (global-style.ts): the first paint needs no
 * stylesheet and no font download.
 */
export const fallbackFontFaces = interFallbacks
  .map(
    (fallback) => `@font-face {
    font-family: '${fallback.family}';
    src: ${fallback.local.map((name) => `local('${name}')`).join(', ')};
    size-adjust: ${fallback.sizeAdjust};
    ascent-override: ${fallback.ascentOverride};
    descent-override: ${fallback.descentOverride};
    line-gap-override: 0%;
  }`,
  )
  .join('\n')

/**
 * Inter, asked for by the page's script, which runs after the first paint: the text shows at once
 * in its stand-in and takes Inter's shapes when the file is in, without moving. Declared in the
 * page's CSS instead, Inter would be fetched before that paint and delay it on a slow connection
 * (docs/decisions/0027-fonts.md). The face joins the document only once it has loaded: a face
 * added while loading makes the browser lay out all the text once when it is added and again when
 * it arrives (docs/decisions/0040-no-long-task-while-the-page-loads.md). Where a browser cannot
 * load it, the stand-in stays.
 */
export function loadBodyFont(): void {
  if (typeof FontFace !== 'function') return
  const inter = new FontFace('Inter Variable', `url(${interLatin.url}) format('woff2')`, {
    style: 'normal',
    weight: '100 900',
    display: 'swap',
    unicodeRange: interLatin.unicodeRange,
  })
  inter.load().then(
    (loaded) => document.fonts.add(loaded),
    (error: unknown) => console.warn('Inter could not be loaded; the page keeps its stand-in font.', error),
  )
}
