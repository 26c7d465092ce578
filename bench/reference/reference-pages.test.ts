// bench:page compares the product with these hand-written static pages of the same content; a
// heading edited in the seed and not here would have it compare against a page that no longer exists.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { locales, defaultLocale, type Locale } from '../../schemas/locales.ts'
import { loadSeedContent } from '../../test/web/seed-content.ts'

const referencePage = (locale: Locale) =>
  resolve(import.meta.dirname, locale === defaultLocale ? 'index.html' : `${locale}/index.html`)

/** Every text of the content in one language: the `pt` or `en` side of each localized pair. */
function textsIn(value: unknown, locale: Locale, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) textsIn(item, locale, into)
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === locale && typeof child === 'string') into.add(child.replace(/\s+/g, ' ').trim())
      else textsIn(child, locale, into)
    }
  }
  return into
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()

describe.each(locales)('the reference page in %s', (locale) => {
  it('has the seed’s headings, word for word', async () => {
    const html = await readFile(referencePage(locale), 'utf8')
    const headings = [...html.matchAll(/<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/g)].map((match) => decode(match[1] ?? ''))
    expect(headings.length).toBeGreaterThan(10)
    const seedTexts = textsIn(await loadSeedContent(), locale)
    expect(headings.filter((heading) => !seedTexts.has(heading))).toEqual([])
  })
})
