import { expect, test } from '@playwright/test'
import { BASE_URL } from './support/copy.ts'

test('robots.txt points at the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('text/plain')
  const text = await response.text()
  expect(text).toContain('User-agent: *')
  expect(text.split('\n')).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`)
})

test('sitemap.xml lists both languages, each with its hreflang alternates', async ({ request }) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('xml')
  const xml = await response.text()
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')

  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? '')
  const locs = entries.map((entry) => /<loc>(.*?)<\/loc>/.exec(entry)?.[1])
  expect(locs.sort()).toEqual([`${BASE_URL}/`, `${BASE_URL}/en`])
  for (const entry of entries) {
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="pt-BR" href="${BASE_URL}/"/>`)
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${BASE_URL}/en"/>`)
  }
})
