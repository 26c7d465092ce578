// Content of the wrong type in every field of every document, written through the content API as the
// Studio writes (on hosted Sanity an API script, an import or an older Studio can write it): every
// page still answers as it does with the seed, in both languages, with each wrong field's fallback in
// place, an open page's live update takes it without breaking, and a sign-up still gets its welcome
// (docs/decisions/0062-content-parsed-where-it-enters.md; issue 38).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test, type BrowserContext } from '@playwright/test'
import type { Locale } from '../schemas/locales.ts'
import { fallbacks } from '../web/src/shared/content/fallbacks.ts'
import { signupFallbacks } from '../web/src/shared/content/signup-fallbacks.ts'
import { welcomeFallbacks } from '../supabase/functions/_shared/welcome/welcome-copy.ts'
import { langs, copy } from './support/copy.ts'
import { useOwnServer, type OwnServer } from './support/own-server.ts'
import { collectPageErrors, gotoHydrated } from './support/page.ts'
import { mailTo } from './support/mail-files.ts'
import { browserUserAgent, launchAddress } from './support/launch-tool.ts'
import { CAMPAIGN_PAGE_ID, campaignPage, campaignPaths, type StoredPage } from '../test/fixtures/campaign-page.ts'
import { HOME_PAGE_ID } from '../schemas/page-paths.ts'
import {
  HUGE_TEXT,
  hostileDocuments,
  hostilePage,
  type PageDocument,
  hostileValues,
  hugeDocuments,
  readSchema,
  type HostileKind,
  type SeedDocument,
} from './support/hostile-content.ts'

// Every link page is asked for in every round: more than a person's per-minute share of them.
const ownServer = useOwnServer('the content is the server’s, whatever the window size', { LINK_RATE_LIMIT: '1000/1m' })

/** The seed as the server started with it: each round writes it back first. */
const seed = readFile(new URL('../studio/seed/data.ndjson', import.meta.url), 'utf8').then((text) =>
  text.split('\n').flatMap((line) => (line.trim() ? [JSON.parse(line) as SeedDocument] : [])),
)
const schema = readSchema()

/** Each page a visitor can open, what it answers with the seed, and its heading when every text falls back. */
const pages = langs.flatMap((lang) => {
  const other = (paths: Record<Locale, string>) => paths[lang]
  const invalidLink = signupFallbacks[lang].invalidTitle
  return [
    { path: copy[lang].path, status: 200, fallback: fallbacks[lang].heroHeadline },
    { path: other({ pt: '/confirmar', en: '/en/confirm' }), status: 400, fallback: invalidLink },
    { path: other({ pt: '/descadastrar', en: '/en/unsubscribe' }), status: 400, fallback: invalidLink },
    { path: other({ pt: '/privacidade', en: '/en/privacy' }), status: 200, fallback: signupFallbacks[lang].privacyTitle },
    { path: other({ pt: '/indicacoes', en: '/en/referrals' }), status: 404, fallback: invalidLink },
    { path: other({ pt: '/indicacoes/ranking', en: '/en/referrals/leaderboard' }), status: 404, fallback: invalidLink },
    { path: other({ pt: '/nada-aqui', en: '/en/nothing-here' }), status: 404, fallback: fallbacks[lang].notFoundTitle },
  ].map((page) => ({ ...page, lang }))
})

/** Writes documents whole (createOrReplace) with the local editor's session, a few at a time within hosted Sanity's 4 MB. */
async function write(server: OwnServer, documents: readonly SeedDocument[]) {
  const token = (await readFile(join(server.dataDir, 'local-editor-token'), 'utf8')).trim()
  const batches: SeedDocument[][] = [[]]
  for (const document of documents) {
    const batch = batches.at(-1) as SeedDocument[]
    const size = JSON.stringify([...batch, document]).length
    if (batch.length > 0 && (batch.length >= 10 || size > 3_000_000)) batches.push([document])
    else batch.push(document)
  }
  for (const batch of batches) {
    const response = await fetch(`${server.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mutations: batch.map((document) => ({ createOrReplace: document })) }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
  }
}

/** Deletes documents the seed does not have. */
async function remove(server: OwnServer, ids: readonly string[]) {
  const token = (await readFile(join(server.dataDir, 'local-editor-token'), 'utf8')).trim()
  const response = await fetch(`${server.url}/v2025-02-19/data/mutate/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations: ids.map((id) => ({ delete: { id } })) }),
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

/** The seed as it was, and the documents of the types it has none of (made by a round) emptied. */
async function restore(server: OwnServer) {
  const documents = await seed
  const extras = hostileDocuments(documents, await schema, 'null', false).filter(
    ({ _id }) => !documents.some((document) => document._id === _id),
  )
  await write(server, [...documents, ...extras.map(({ _id, _type }) => ({ _id, _type }))])
}

/**
 * Every field of every document `kind`, whole and at its leaves; the experiment the seed lacks is made
 * to run, so the server assigns visitors through its wrong fields as well.
 */
async function hostile(kind: HostileKind, inside: boolean) {
  return hostileDocuments(await seed, await schema, kind, inside).map((document) =>
    document._type === 'experiment' ? { ...document, status: 'running' } : document,
  )
}

/** Each page as a visitor's browser gets it (prerendered, no script): its answer and its heading. */
async function expectPages(context: BrowserContext, server: OwnServer, heading: (page: (typeof pages)[number]) => string) {
  const page = await context.newPage()
  for (const visited of pages) {
    const response = await page.goto(`${server.url}${visited.path}`)
    expect(response?.status(), visited.path).toBe(visited.status)
    await expect(page.getByRole('heading', { level: 1 }), visited.path).toHaveText(heading(visited))
  }
  await page.close()
}

for (const kind of Object.keys(hostileValues) as HostileKind[]) {
  test(`every page stands, with each field’s fallback, when every field of every document is ${kind}`, async ({ browser }) => {
    test.setTimeout(180_000)
    const server = ownServer()
    const visitor = await browser.newContext({ javaScriptEnabled: false })
    for (const inside of [false, true]) {
      await restore(server)
      await write(server, await hostile(kind, inside))
      // A text inside each field is content where the schema has a text: the page shows it.
      const shown = inside && typeof hostileValues[kind] === 'string' ? (hostileValues[kind] as string) : undefined
      await expectPages(visitor, server, (page) => shown ?? page.fallback)
    }
    await restore(server)
  })
}

test('a megabyte of text in a field of every document is shown where a text goes, and dropped elsewhere', async ({ browser }) => {
  test.setTimeout(180_000)
  const server = ownServer()
  await restore(server)
  await write(server, hugeDocuments(await seed, await schema))
  const visitor = await browser.newContext({ javaScriptEnabled: false })
  await expectPages(visitor, server, (page) => (page.path === copy[page.lang].path ? HUGE_TEXT : page.fallback))
  await restore(server)
})

test('a visitor signs up on a page whose every field is wrong, and gets the welcome in its fallback’s words', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const server = ownServer()
  await restore(server)
  await write(server, await hostile('object', false))
  const fb = fallbacks.pt
  const person = await (await browser.newContext({ userAgent: browserUserAgent(3) })).newPage()
  const errors = collectPageErrors(person)
  await gotoHydrated(person, server.url)
  await person.getByLabel(fb.nameLabel).fill('Ana Hostil')
  await person.getByLabel(fb.roleLabel).fill('Head de Pessoas')
  await person.getByLabel(fb.emailLabel).fill('ana.hostil@empresa.example')
  await person.getByRole('button', { name: fb.buttonText }).click()
  await expect(person.getByText(fb.successTitle)).toBeVisible({ timeout: 30_000 })

  const welcome = await mailTo(server.dataDir, 'ana.hostil@empresa.example', 'welcome')
  expect(welcome.header('subject')).toBe(welcomeFallbacks.pt.subject.replace('{brand}', fb.brandName))
  await person.goto(/https?:\/\/\S+\/confirmar\?token=\S+/.exec(welcome.text)?.[0] ?? '')
  await expect(person.getByRole('heading', { level: 1 })).toHaveText(signupFallbacks.pt.confirmTitle)
  await person.getByRole('button', { name: signupFallbacks.pt.confirmButton }).click()
  await expect(person.getByRole('heading', { level: 1 })).toHaveText(signupFallbacks.pt.confirmedTitle)
  expect(errors).toEqual([])
  await restore(server)
})

test('the Launch tool lists each wrong value, with its document in the Studio at the field, until it is fixed', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const server = ownServer()
  await restore(server)
  await write(server, await hostile('text', false))
  await page.goto(await launchAddress(server))
  await page.getByRole('tab', { name: 'Content' }).click()
  const problems = page.getByRole('table', { name: 'Content problems' })
  // A page is named by its type and id: there are many.
  await expect(problems.getByRole('row', { name: /^page · homePage title object/ })).toBeVisible()
  // The Studio's address of the document, opened at the field (SANITY_STUDIO_URL, the local Studio by default).
  await expect(problems.getByRole('link', { name: 'Open in the Studio: page · homePage, title' })).toHaveAttribute(
    'href',
    'http://localhost:3333/intent/edit/id=homePage;type=page;path=title',
  )
  await restore(server)
  // Fixed: the tool says so on its next read (every 4 s), without a reload.
  await expect(page.getByText(/No content problems/)).toBeVisible({ timeout: 15_000 })
})

test('a campaign page whose sections’ every field is wrong still stands in both languages, and the Launch tool lists them', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000)
  const server = ownServer()
  await restore(server)
  const home = (await seed).find(({ _id }) => _id === HOME_PAGE_ID) as SeedDocument & StoredPage
  await write(server, [hostilePage(campaignPage(home) as PageDocument, hostileValues.number)])
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
  for (const lang of langs) {
    const response = await visitor.goto(`${server.url}${campaignPaths[lang]}`)
    expect(response?.status(), campaignPaths[lang]).toBe(200)
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(fallbacks[lang].heroHeadline)
  }
  await page.goto(await launchAddress(server))
  await page.getByRole('tab', { name: 'Content' }).click()
  const problems = page.getByRole('table', { name: 'Content problems' })
  for (const field of [
    'title',
    'sections[_key=="faq"].questions',
    'sections[_key=="logos"].title',
    'sections[_key=="story"].body',
  ]) {
    await expect(
      problems.getByRole('row', {
        name: new RegExp(`^page · ${CAMPAIGN_PAGE_ID} ${field.replace(/[[\]()*+?.^$|\\]/g, '\\$&')} `),
      }),
    ).toBeVisible()
  }
  await remove(server, [CAMPAIGN_PAGE_ID])
  await restore(server)
})

for (const lang of langs) {
  test(`an open ${copy[lang].path} page takes a live update of wrong content without breaking, and the fix after it`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const server = ownServer()
    await restore(server)
    const errors = collectPageErrors(page)
    // As in live-content.spec.ts: the page listens, and knows what it shows from its first revalidation.
    const listening = page.waitForResponse((response) => response.url().includes('/data/live/events/'))
    const revalidated = page.waitForResponse((response) => response.url().includes('/data/query/'))
    await gotoHydrated(page, `${server.url}${copy[lang].path}`)
    await listening
    await (await revalidated).finished()
    const headline = page.getByRole('heading', { level: 1 })
    await expect(headline).toHaveText(copy[lang].headline)

    const liveRefetch = () => page.waitForResponse((response) => new URL(response.url()).searchParams.has('lastLiveEventId'))
    let refetched = liveRefetch()
    await write(server, await hostile('list', true))
    await refetched
    await expect(headline).toHaveText(fallbacks[lang].heroHeadline)
    await expect(page.getByRole('heading', { level: 2, name: fallbacks[lang].workflowTitle })).toBeVisible()
    // The form still answers: the page did not fall to its error boundary.
    await expect(page.getByLabel(fallbacks[lang].emailLabel)).toBeEditable()

    refetched = liveRefetch()
    await restore(server)
    await refetched
    await expect(headline).toHaveText(copy[lang].headline)
    expect(errors).toEqual([])
  })
}
