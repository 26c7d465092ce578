import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { collectPageErrors } from './support/page.ts'
import { useOwnServer } from './support/own-server.ts'
import { joinAndConfirm, joinAsVisitor, launchAddress } from './support/launch-tool.ts'
import { startWebhookReceiver } from '../test/webhooks/webhook-receiver.ts'
import { mailTo } from './support/mail-files.ts'

const ownServer = useOwnServer('one browser size is enough for the Launch tool, which the Studio shows on a desk')

/** The number a card of the overview shows. */
const metric = (page: Page, name: string) => page.getByRole('group', { name }).getByText(/^\d+$/)

test('an editor opens the Launch tool through the handshake, sees a sign-up arrive, exports the list and erases a person', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const server = ownServer()
  const errors = collectPageErrors(page)
  const address = await launchAddress(server)
  expect(address).toMatch(/\/launch\/\?proof=pulso-launch-proof\./)
  await page.goto(address)
  await expect(page.getByRole('heading', { name: 'Launch' })).toBeVisible()
  // The proof works once, and leaves the address at once.
  expect(new URL(page.url()).search).toBe('')
  await expect(metric(page, 'Sign-ups')).toHaveText('0')

  // A visitor signs up in another window; the open tool shows it without being reloaded.
  await joinAsVisitor(browser, server.url, { name: 'Ana Souza', email: 'ana.souza@empresa.example' })
  await expect(metric(page, 'Sign-ups')).toHaveText('1')
  await expect(metric(page, 'Visitors')).toHaveText('1')
  await expect(metric(page, 'Form starts')).toHaveText('1')

  await page.getByRole('tab', { name: 'Waitlist' }).click()
  const list = page.getByRole('table', { name: 'Waitlist' })
  await expect(list.getByRole('row', { name: /ana\.souza@empresa\.example Ana Souza Head of People/ })).toBeVisible()

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  const csv = await readFile((await download.path()) ?? '', 'utf8')
  const [header, ...rows] = csv.trimEnd().split('\r\n')
  expect(header).toBe(
    '"email","role","company_size","created_at","confirmed","confirmed_at","consent_locale","consent_version","locale","welcome_status","welcomed_at"',
  )
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatch(/^"ana\.souza@empresa\.example","Head of People","unknown","[^"]+","no",""/)

  await list.getByRole('button', { name: 'Erase ana.souza@empresa.example' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Erase for good' }).click()
  await expect(page.getByText('0 people')).toBeVisible()

  await page.getByRole('tab', { name: 'Audit log' }).click()
  const audit = page.getByRole('table', { name: 'Audit log' })
  await expect(audit.getByRole('row', { name: /pLocalEditor erased a person/ })).toBeVisible()
  await expect(audit.getByRole('row', { name: /pLocalEditor exported the waitlist/ })).toBeVisible()
  await expect(audit.getByRole('row', { name: /pLocalEditor opened the tool/ })).toBeVisible()
  await expect(audit).not.toContainText('ana.souza')
  expect(errors).toEqual([])
})

test('an operator adds a webhook endpoint, keeps its secret, and sees a sign-up delivered and verified', async ({ page }) => {
  test.setTimeout(120_000)
  const server = ownServer()
  const errors = collectPageErrors(page)
  const receiver = await startWebhookReceiver()
  try {
    await page.goto(await launchAddress(server))
    await page.getByRole('tab', { name: 'Webhooks' }).click()
    await page.getByLabel('Endpoint URL').fill(receiver.url)
    await page.getByLabel('Description').fill('CRM')
    await page.getByRole('checkbox', { name: 'Someone left or was erased' }).check()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = page.getByRole('dialog').getByLabel('Signing secret')
    await expect(secret).toHaveText(/^whsec_/)
    receiver.secrets.push((await secret.textContent()) ?? '')
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click()
    await expect(page.getByText(/^whsec_/)).toHaveCount(0)

    const signup = await page.request.post(`${server.url}/rest/v1/waitlist`, {
      headers: { apikey: 'local-anon-key', prefer: 'return=minimal' },
      data: { email: 'bia@empresa.example', role: 'Team lead', company_size: 'unknown' },
    })
    expect(signup.status()).toBe(201)
    await receiver.untilReceived(1)
    expect(receiver.received[0]).toMatchObject({
      verified: [true],
      body: { type: 'waitlist.signup.created', data: { email: 'bia@empresa.example' } },
    })

    const endpoints = page.getByRole('table', { name: 'Endpoints' })
    await expect(endpoints.getByRole('row', { name: new RegExp(`${receiver.url} \\(CRM\\).* Active 1 / 0 / 0`) })).toBeVisible()
    await page.getByRole('button', { name: `Deliveries: ${receiver.url}` }).click()
    const deliveries = page.getByRole('table', { name: `Deliveries to ${receiver.url}` })
    await expect(deliveries.getByRole('row', { name: /Someone joined Delivered 1 200/ })).toBeVisible()

    await page.getByRole('tab', { name: 'Audit log' }).click()
    await expect(
      page.getByRole('table', { name: 'Audit log' }).getByRole('row', { name: /added a webhook endpoint/ }),
    ).toBeVisible()
    expect(errors).toEqual([])
  } finally {
    await receiver.close()
  }
})

test('an operator lets the next confirmed people in: sees who, sends the wave once, marks an activation', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const server = ownServer()
  const errors = collectPageErrors(page)
  const address = 'rosa.lima@empresa.example'

  // A visitor joins and confirms through the link in their welcome.
  await joinAndConfirm(browser, server, { name: 'Rosa Lima', email: address })

  await page.goto(await launchAddress(server))
  await page.getByRole('tab', { name: 'Invite waves' }).click()
  await page.getByLabel('How many to let in').fill('50')
  await page.getByRole('button', { name: 'Show who' }).click()
  await expect(page.getByText('1 waiting in all')).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'The next people' }).getByRole('row', { name: /Rosa Lima rosa\.lima@/ }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Send 1 invitation' }).click()
  const dialog = page.getByRole('dialog')
  // A double click on the dialog's button sends one wave.
  await dialog.getByRole('button', { name: 'Send' }).dblclick()
  await expect(page.getByRole('status')).toHaveText('Wave sent: 1 invited')

  const invitation = await mailTo(server.dataDir, address, 'invitation')
  expect(invitation.text).toContain('Rosa')
  expect(invitation.text).toMatch(/invite=[0-9a-f]{32}/)
  const waves = page.getByRole('table', { name: 'Waves' })
  await expect(waves.getByRole('row', { name: /pLocalEditor 1 1 0 of 1 1 \/ 0 \/ 0/ })).toBeVisible()
  await waves.getByRole('button', { name: /^People: wave of/ }).click()
  await page.getByRole('button', { name: `Mark activated: ${address}` }).click()
  await expect(page.getByText(/^Activated .* \(by pLocalEditor\)$/)).toBeVisible()
  await expect(waves.getByRole('row', { name: /1 of 1/ })).toBeVisible()

  await page.getByRole('tab', { name: 'Waitlist' }).click()
  await expect(
    page.getByRole('table', { name: 'Waitlist' }).getByRole('row', { name: /rosa\.lima@.* activated \d{4}-/ }),
  ).toBeVisible()
  await page.getByRole('tab', { name: 'Audit log' }).click()
  const audit = page.getByRole('table', { name: 'Audit log' })
  await expect(audit.getByRole('row', { name: /pLocalEditor sent an invite wave/ })).toHaveCount(1)
  expect(errors).toEqual([])
})

test('a replayed or missing proof opens nothing', async ({ page }) => {
  const server = ownServer()
  const address = await launchAddress(server)
  const first = await page.request.post(`${server.url}/api/launch/session`, {
    headers: { origin: server.url },
    data: { proof: new URL(address).searchParams.get('proof') },
  })
  expect(first.status()).toBe(200)
  await page.context().clearCookies()
  await page.goto(address)
  await expect(page.getByRole('alert')).toContainText('This proof does not open the Launch tool')
  expect((await page.request.get(`${server.url}/api/launch/waitlist`)).status()).toBe(401)
})
