// Issue 40's done-when, in Chromium, offline: an editor writes an Update through the same writes the
// Studio makes (Sanity's mutate endpoint, server/sanity/studio-writes.ts); in the Launch tool's Updates
// tab an operator picks it by its subject, narrows to the home page by its title, counts the confirmed
// people, previews the update in both languages, sends a test to an address they type, and sends after
// the question naming the count. The mail files show it once to each confirmed person, in their
// language, with the one-click unsubscribe headers, and none left unconfirmed; a reader's one-click
// removal (RFC 8058) takes them off the list, and the update counts it.
import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { collectPageErrors } from './support/page.ts'
import { useOwnServer, type OwnServer } from './support/own-server.ts'
import { joinAndConfirm, joinAsVisitor, launchAddress, type Joiner, type JoinLocale } from './support/launch-tool.ts'
import { isKind, mailsTo } from './support/mail-files.ts'
import { studioWrite } from './support/studio-writes.ts'

const ownServer = useOwnServer('one browser size is enough for the Launch tool, which the Studio shows on a desk')

const DOCUMENT = 'update-pricing-news'
const subjects = { pt: 'Novidades do Pulso: preços do beta', en: 'Pulso news: beta pricing' }

/** The seed's update under another id and subject: what an editor writes and publishes in the Studio. */
async function anUpdate(server: OwnServer) {
  const seed = (await readFile(server.seedFile, 'utf8')).split('\n').filter(Boolean)
  const beta = JSON.parse(seed.find((line) => line.includes('"_id":"update-beta-opens"')) ?? '{}') as Record<string, unknown>
  return {
    ...beta,
    _id: DOCUMENT,
    subject: { _type: 'localeString', pt: 'Novidades do {brand}: preços do beta', en: '{brand} news: beta pricing' },
  }
}

const readers: (Joiner & { locale: JoinLocale })[] = [
  { name: 'Ana Souza', email: 'ana.souza@empresa.example', locale: 'pt' },
  { name: 'Bruno Alves', email: 'bruno.alves@empresa.example', locale: 'pt' },
  { name: 'Carol Smith', email: 'carol.smith@company.example', locale: 'en' },
]

/** The update messages written so far to `address`. */
const updatesTo = async (server: OwnServer, address: string) =>
  (await mailsTo(server.dataDir, address)).filter((mail) => isKind(mail, 'update'))

/** What the tool says it did (its count, a test sent, an update frozen), among its other messages. */
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

/** How long the outbox may take to write a message on a busy machine: a hang's bound, not a speed's. */
const MAIL = { timeout: 60_000 }

/** The text of the preview of the update in `language`, as the sandboxed frame shows it. */
const previewIn = (page: Page, language: string) => page.getByTitle(`Preview in ${language}`).contentFrame().locator('body')

test('an operator counts, previews, tests and sends an update written in the Studio; each confirmed reader gets it once, and one-click removal takes a reader off', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const server = ownServer()
  const errors = collectPageErrors(page)
  await studioWrite(server, [{ createOrReplace: await anUpdate(server) }])

  // Three confirmed people (two in Portuguese, one in English) and one who never confirmed.
  for (const reader of readers) await joinAndConfirm(browser, server, reader)
  await joinAsVisitor(browser, server.url, { name: 'Davi Costa', email: 'davi.costa@empresa.example', locale: 'pt' })

  // The picker lists the published updates by subject (the server reads the write once it has reloaded the seed).
  const picker = page.getByRole('combobox', { name: 'Update', exact: true })
  const option = `${subjects.en} (${DOCUMENT})`.replace('Pulso', '{brand}')
  await expect(async () => {
    await page.goto(await launchAddress(server))
    await page.getByRole('tab', { name: 'Updates' }).click()
    await expect(picker.getByRole('option', { name: option })).toBeAttached({ timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await picker.selectOption({ label: option })
  // Everyone here signed up on the home page, which the filter names by its title.
  await page
    .getByRole('group', { name: /Pages signed up on/ })
    .getByRole('checkbox', { name: 'Pulso | AI performance reviews from your meetings' })
    .check()
  await page.getByRole('button', { name: 'Count recipients' }).click()
  await expect(status(page, '3 people (2 in Portuguese, 1 in English)')).toBeVisible()

  // The preview: the first reader's name and place, in both languages (the server reads the write once it has reloaded the seed).
  await expect(async () => {
    await page.getByRole('button', { name: 'Preview', exact: true }).click()
    await expect(page.getByText(subjects.en, { exact: true })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByText(subjects.pt, { exact: true })).toBeVisible()
  await expect(previewIn(page, 'Portuguese')).toContainText(
    /Olá Ana( Souza)?, faltam poucos dias: você é o nº 1 na fila do Pulso/,
  )
  await expect(previewIn(page, 'English')).toContainText(/Hi Ana( Souza)?, only a few days to go: you are #1 in the Pulso line/)

  // A test to the operator's own address, in both languages, at once (not through the outbox: no update's Message-ID).
  const operator = 'operator@pulso.example'
  await page.getByLabel('Your address').fill(operator)
  await page.getByRole('button', { name: 'Send a test to me' }).click()
  await expect(status(page, `A test in both languages went to ${operator}.`)).toBeVisible()
  await expect
    .poll(async () => (await mailsTo(server.dataDir, operator)).map((mail) => mail.subject).sort(), MAIL)
    .toEqual([subjects.pt, subjects.en])

  // Send asks first, naming the count; a double click on the answer sends one update (each reader's single message below proves it).
  await page.getByRole('button', { name: 'Send to 3 people' }).click()
  const asked = page.getByRole('dialog', { name: 'Send to 3 people?' })
  await expect(asked).toContainText(`“${option.replace(` (${DOCUMENT})`, '')}” goes to each of them once`)
  await asked.getByRole('button', { name: 'Send', exact: true }).dblclick()
  await expect(status(page, 'Frozen for 3 people: it is on its way.')).toBeVisible()
  const sent = page.getByRole('table', { name: 'Updates sent' })
  await expect(sent.getByRole('row', { name: new RegExp(`^${DOCUMENT} Sent .* 3 / 0 / 0 / 0 / 0 / 0`) })).toBeVisible({
    timeout: 60_000,
  })
  // Every message's acceptance recorded (here, its file written): none unconfirmed, nothing to send again (decision 0091).
  await expect(sent.getByRole('columnheader', { name: 'Unconfirmed' })).toBeVisible()
  await expect(sent.getByRole('row', { name: new RegExp(`^${DOCUMENT} Sent .* 3 / 0 / 0 / 0 / 0 / 0 0 `) })).toBeVisible()
  await expect(sent.getByRole('button', { name: /^Send again/ })).toHaveCount(0)

  for (const reader of readers) {
    await expect
      .poll(async () => (await updatesTo(server, reader.email)).map((mail) => mail.subject), MAIL)
      .toEqual([subjects[reader.locale]])
    const [mail] = await updatesTo(server, reader.email)
    expect(mail?.text).toContain(reader.name.split(' ')[0])
    expect(mail?.header('list-unsubscribe')).toMatch(/^<https?:\/\/[^>]+token=remove\.[^>]+>$/)
    expect(mail?.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  }
  expect(await updatesTo(server, 'davi.costa@empresa.example')).toEqual([])

  // Bruno's mail client unsubscribes with one click: a POST, with no cookie, to the header's link.
  const [bruno] = await updatesTo(server, 'bruno.alves@empresa.example')
  const removal = /^<([^>]+)>$/.exec(bruno?.header('list-unsubscribe') ?? '')?.[1] ?? ''
  const removed = await fetch(removal, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  })
  expect(removed.status).toBe(200)
  await expect(sent.getByRole('row', { name: new RegExp(`^${DOCUMENT} Sent .* 3 / 0 / 0 / 0 / 0 / 1`) })).toBeVisible({
    timeout: 30_000,
  })

  await page.getByRole('tab', { name: 'Waitlist' }).click()
  const list = page.getByRole('table', { name: 'Waitlist' })
  await expect(list.getByRole('row', { name: /ana\.souza@empresa\.example/ })).toBeVisible()
  await expect(list.getByRole('row', { name: /bruno\.alves@empresa\.example/ })).toHaveCount(0)

  await page.getByRole('tab', { name: 'Audit log' }).click()
  const audit = page.getByRole('table', { name: 'Audit log' })
  await expect(audit.getByRole('row', { name: /pLocalEditor sent a test of an update/ })).toHaveCount(1)
  expect(errors).toEqual([])
})
