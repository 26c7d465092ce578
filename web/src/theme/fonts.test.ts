import { describe, expect, it } from 'vitest'
import inter from '@capsizecss/metrics/inter'
import arial from '@capsizecss/metrics/arial'
import roboto from '@capsizecss/metrics/roboto'
import { bodyFontStack, fontFaces, interFallbacks } from './fonts.ts'

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
    expect(fontFaces).toContain('font-display: swap')
  })
})
