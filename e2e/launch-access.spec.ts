import { expect, test, type Locator, type Page } from '@playwright/test'
import { axeViolations } from './support/axe.ts'
import { keyboardWalk } from './support/keyboard.ts'
import { joinAndConfirm, launchAddress } from './support/launch-tool.ts'
import { useOwnServer } from './support/own-server.ts'
import { collectPageErrors } from './support/page.ts'

// The Launch tool for the two levels (docs/decisions/0060-two-access-levels.md), as each member meets
// it in Chromium: every tab passes axe (no moderate, serious or critical finding) and is used with
// the keyboard alone, every control reached with a visible focus; a member with the numbers only
// sees no name or address anywhere and is refused the people routes; signing out ends the session.
const ownServer = useOwnServer('one browser size is enough for the Launch tool, which the Studio shows on a desk')

/** Each tab, and what shows once it has loaded. */
const TABS: Record<string, (panel: Locator) => Locator> = {
  Overview: (panel) => panel.getByRole('table', { name: 'Funnel' }),
  Waitlist: (panel) => panel.getByRole('table', { name: 'Waitlist' }).getByRole('row').nth(1),
  'Invite waves': (panel) => panel.getByRole('table', { name: 'Waves' }),
  Referrals: (panel) => panel.getByRole('table', { name: 'Held for review' }),
  Updates: (panel) => panel.getByRole('table', { name: 'Updates sent' }),
  Webhooks: (panel) => panel.getByRole('table', { name: 'Endpoints' }),
  Experiments: (panel) => panel.getByRole('heading', { name: 'New experiment' }),
  Content: (panel) => panel.getByText(/^No content problems/),
  'Audit log': (panel) => panel.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1),
}

/** Opens `tab`, waits for what it shows, and checks it with axe and with the keyboard alone. */
async function checkTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click()
  const panel = page.getByRole('tabpanel', { name: tab })
  await expect(TABS[tab]!(panel)).toBeVisible()
  expect(await axeViolations(page, { impacts: ['moderate', 'serious', 'critical'] }), `axe on ${tab}`).toEqual([])
  expect(await keyboardWalk(page, 'main'), `the keyboard on ${tab}`).toEqual({ unreached: [], invisible: [] })
}

test('an administrator’s tool: every tab passes axe and works by keyboard; an erasure and a sign-out by keyboard', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const server = ownServer()
  const errors = collectPageErrors(page)
  const rosa = { name: 'Rosa Lima', email: 'rosa.lima@empresa.example' }
  await joinAndConfirm(browser, server, rosa)
  await page.goto(await launchAddress(server))
  await expect(page.getByText('pLocalEditor · numbers and people')).toBeVisible()
  expect(await page.getByRole('tab').allTextContents()).toEqual(Object.keys(TABS))
  for (const tab of Object.keys(TABS)) await checkTab(page, tab)

  // The tabs themselves: the arrow keys move between them, Enter opens one.
  await page.getByRole('tab', { name: 'Audit log' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tab', { name: 'Content' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Waitlist' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('tab', { name: 'Waitlist' })).toHaveAttribute('aria-selected', 'true')

  // What the waves tab shows once asked: the next people and the button that sends them.
  await page.getByRole('tab', { name: 'Invite waves' }).click()
  await page.getByRole('button', { name: 'Show who' }).click()
  await expect(page.getByRole('button', { name: 'Send 1 invitation' })).toBeVisible()
  expect(await axeViolations(page, { impacts: ['moderate', 'serious', 'critical'] }), 'the next wave shown').toEqual([])

  // An erasure with the keyboard alone, through its dialog.
  await page.getByRole('tab', { name: 'Waitlist' }).click()
  await page.getByRole('button', { name: `Erase ${rosa.email}` }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  expect(await axeViolations(page, { impacts: ['moderate', 'serious', 'critical'] }), 'the erasure dialog').toEqual([])
  await dialog.getByRole('button', { name: 'Erase for good' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('0 people')).toBeVisible()

  // Signing out with the keyboard ends the session: its cookie opens nothing any more.
  await page.getByRole('button', { name: 'Sign out', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toHaveText(/You have signed out of the Launch tool\./)
  expect((await page.request.get(`${server.url}/api/launch/session`)).status()).toBe(401)
  expect(errors).toEqual([])
})

test('a copywriter’s tool: the numbers, the experiments and the content’s problems, no name or address anywhere, the people routes refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const server = ownServer()
  const bia = { name: 'Bia Torres', email: 'bia.torres@agencia.example' }
  await joinAndConfirm(browser, server, bia)
  await page.goto(await launchAddress(server, 'copywriter'))
  await expect(page.getByText('pLocalCopywriter · numbers only')).toBeVisible()
  expect(await page.getByRole('tab').allTextContents()).toEqual(['Overview', 'Experiments', 'Content'])
  await expect(page.getByRole('group', { name: 'Sign-ups' }).getByText(/^\d+$/)).not.toHaveText('0')

  for (const tab of ['Overview', 'Experiments', 'Content']) {
    await checkTab(page, tab)
    const text = await page.locator('body').innerText()
    expect(text, `no address on ${tab}`).not.toMatch(/@|bia/i)
    expect(text, `no name on ${tab}`).not.toContain(bia.name)
  }

  for (const path of ['/waitlist', '/waitlist.csv', '/audit', '/webhooks', '/invites/waves', '/invites/next', '/referrals']) {
    expect((await page.request.get(`${server.url}/api/launch${path}`)).status(), path).toBe(403)
  }
  const erase = await page.request.post(`${server.url}/api/launch/waitlist/${crypto.randomUUID()}/erase`, {
    headers: { origin: server.url },
  })
  expect(erase.status()).toBe(403)
  expect((await page.request.get(`${server.url}/api/launch/experiments`)).status()).toBe(200)
})
