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

test('sitemap.xml lists the landing page and the privacy note in both languages, each with its hreflang alternates', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('xml')
  const xml = await response.text()
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')

  const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? '')
  const locs = entries.map((entry) => /<loc>(.*?)<\/loc>/.exec(entry)?.[1])
  expect(locs.sort()).toEqual([`${BASE_URL}/`, `${BASE_URL}/en`, `${BASE_URL}/en/privacy`, `${BASE_URL}/privacidade`])
  const versions = [
    [`${BASE_URL}/`, `${BASE_URL}/en`],
    [`${BASE_URL}/privacidade`, `${BASE_URL}/en/privacy`],
  ]
  for (const entry of entries) {
    const [pt, en] = versions.find((pair) => pair.some((loc) => entry.includes(`<loc>${loc}</loc>`))) ?? []
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="pt-BR" href="${pt}"/>`)
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${en}"/>`)
  }
})

test('the personal pages (confirm, removal) stay out of search engines; the privacy note is indexable', async ({ request }) => {
  for (const path of ['/confirmar', '/en/confirm', '/descadastrar', '/en/unsubscribe']) {
    const html = await (await request.get(`${path}?token=x`)).text()
    expect(html, path).toContain('<meta name="robots" content="noindex">')
  }
  for (const path of ['/privacidade', '/en/privacy']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(await response.text(), path).not.toContain('noindex')
  }
})
