import { afterEach, describe, expect, it, vi } from 'vitest'
import inter from '@capsizecss/metrics/inter'
import arial from '@capsizecss/metrics/arial'
import roboto from '@capsizecss/metrics/roboto'
import { bodyFontStack, fallbackFontFaces, interFallbacks, interLatin, loadBodyFont } from './fonts.ts'

type Metrics = typeof inter
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)}%`

/** The overrides that make `fallback` take the room `font` takes: average width, then ascent and descent. */
function overridesFor(font: Metrics, fallback: Metrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm)
  const scaledEm = font.unitsPerEm * sizeAdjust
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / scaledEm),
    descentOverride: percent(Math.abs(font.descent) / scaledEm),
  }
}

describe('the fallback fonts', () => {
  it.each([
    ['Inter Fallback', arial],
    ['Inter Fallback Roboto', roboto],
  ])('%s takes the room Inter takes', (family, metrics) => {
    const fallback = interFallbacks.find((face) => face.family === family)
    expect(fallback).toMatchObject(overridesFor(inter, metrics))
    expect(fallback?.local).toContain(metrics.familyName)
  })

  it('stand in order, after Inter and before the system fonts', () => {
    expect(bodyFontStack).toMatch(/^'Inter Variable', 'Inter Fallback', 'Inter Fallback Roboto', system-ui/)
    expect(fallbackFontFaces).toContain("font-family: 'Inter Fallback'")
    expect(fallbackFontFaces).not.toContain('Inter Variable')
  })
})

describe('loadBodyFont', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(document, 'fonts')
  })

  it('loads Inter and adds it to the document only once it has arrived, so the text is laid out again once', async () => {
    const faces: { family: string; source: string; descriptors: FontFaceDescriptors }[] = []
    let arrive = () => {}
    const arrived = new Promise<void>((resolve) => (arrive = resolve))
    vi.stubGlobal(
      'FontFace',
      class {
        readonly family: string
        readonly source: string
        readonly descriptors: FontFaceDescriptors
        constructor(family: string, source: string, descriptors: FontFaceDescriptors) {
          this.family = family
          this.source = source
          this.descriptors = descriptors
        }
        load() {
          return arrived.then(() => this)
        }
      },
    )
    // jsdom has no FontFaceSet; the test's own records what the page adds.
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { add: (face: (typeof faces)[number]) => faces.push(face) },
    })

    loadBodyFont()
    await Promise.resolve()
    expect(faces, 'nothing joins the document while the file is on its way').toEqual([])

    arrive()
    await vi.waitFor(() =>
      expect(faces).toEqual([
        {
          family: 'Inter Variable',
          source: `url(${interLatin.url}) format('woff2')`,
          descriptors: { style: 'normal', weight: '100 900', display: 'swap', unicodeRange: interLatin.unicodeRange },
        },
      ]),
    )
  })
})
