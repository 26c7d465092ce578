import { expect, test } from '@playwright/test'
import { collectPageErrors } from './support/page.ts'
import { useOwnServer } from './support/own-server.ts'
import { mailTo } from './support/mail-files.ts'
import { joinAndConfirm, launchAddress } from './support/launch-tool.ts'

// A line of its own: who is ahead of the referrer is this spec's doing, and the operator's decision too.
const ownServer = useOwnServer('the referral line and the Launch tool are the same at any window size')

test('a colleague joins through a referral link and confirms; once counted, the referrer’s status page moves up', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const server = ownServer()
  const errors = collectPageErrors(page)

  // Two people ahead in line, then the referrer, who sees their place and link as soon as they confirm.
  await joinAndConfirm(browser, server, { name: 'Bruno Alves', email: 'bruno@primeiro.example', locale: 'pt' })
  await joinAndConfirm(browser, server, { name: 'Carla Dias', email: 'carla@segunda.example', locale: 'pt' })
  const referrer = await joinAndConfirm(browser, server, { name: 'Ana Souza', email: 'ana@empresa.example', locale: 'pt' })
  await expect(referrer.getByRole('status')).toHaveText('Você é o nº 3 de 3 na fila.')
  const shared = referrer.getByRole('region', { name: 'Seu link pessoal' })
  const referralLink = (await shared.getByText(/\?ref=/).textContent()) ?? ''
  expect(referralLink).toMatch(new RegExp(`^${server.url}/\\?ref=[0-9a-z]{8}$`))
  await expect(shared.getByText('Colegas que entraram pelo seu link e confirmaram: 0')).toBeVisible()

  // The status page, from the link in the place email, without a login and without the page's script.
  const placeEmail = await mailTo(server.dataDir, 'ana@empresa.example', 'standing')
  const statusLink = /https?:\/\/\S+\/indicacoes\?token=\S+/.exec(placeEmail.text)?.[0] ?? ''
  await page.goto(statusLink)
  await expect(page.getByRole('heading', { level: 1, name: 'Seu lugar na fila do Pulso' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Você é o nº 3 de 3 na fila.')
  await expect(page.locator('script')).toHaveCount(0)

  // A colleague opens the personal link and joins from it. This machine is one network for everyone,
  // so the referral waits for an operator instead of counting at once.
  const { pathname, search } = new URL(referralLink)
  const colleague = await joinAndConfirm(browser, server, {
    name: 'Diego Ramos',
    email: 'diego@colega.example',
    locale: 'pt',
    path: pathname + search,
  })
  await expect(colleague.getByRole('status')).toHaveText('Você é o nº 4 de 4 na fila.')
  await page.reload()
  await expect(page.getByRole('status')).toHaveText('Você é o nº 3 de 4 na fila.')
  await expect(page.getByText(/Em análise pela nossa equipe: 1/)).toBeVisible()

  const tool = await (await browser.newContext()).newPage()
  await tool.goto(await launchAddress(server))
  await tool.getByRole('tab', { name: 'Referrals' }).click()
  const held = tool.getByRole('table', { name: 'Held for review' })
  await expect(
    held.getByRole('row', { name: /diego@colega\.example ana@empresa\.example Same browser as the referrer within 24 h/ }),
  ).toBeVisible()
  await tool.getByRole('button', { name: 'Accept: diego@colega.example' }).click()
  await expect(tool.getByText('Nothing is waiting for review.')).toBeVisible()

  // Counted: ten places up, which is everyone ahead.
  await page.reload()
  await expect(page.getByRole('status')).toHaveText('Você é o nº 1 de 4 na fila.')
  await expect(page.getByText('Colegas que entraram pelo seu link e confirmaram: 1')).toBeVisible()
  await expect(page.getByText('Próxima meta, 3 colegas: seu time começa a se formar')).toBeVisible()

  // A link that is not ours opens nothing.
  const forged = await page.goto(statusLink.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')))
  expect(forged?.status()).toBe(404)
  expect(errors.filter((error) => !error.includes('404'))).toEqual([])
})
