import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, type Browser, type Page } from '@playwright/test'
import { mailTo } from './mail-files.ts'
import type { OwnServer } from './own-server.ts'
import { joinForm } from './join-form.ts'
import { gotoHydrated } from './page.ts'

/**
 * What `npm run launch:open` prints: the offline tool's address with a proof written as the Studio
 * would, and the session of the local Studio user `as` (the editor, an administrator, or the
 * copywriter, who has the numbers only) in its fragment.
 */
export async function launchAddress(server: OwnServer, as: 'editor' | 'copywriter' = 'editor'): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['server/cli/open-launch-tool.ts', '--as', as], {
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      LAUNCH_SERVER_URL: server.url,
      SANITY_PROJECT_ID: '',
      SANITY_LOCAL_EDITOR_TOKEN: '',
    },
  })
  return stdout.trim()
}

/**
 * A real browser's User-Agent: headless Chromium says so in its own, which the counting takes for a
 * bot. `n` makes another browser of it (another visitor, by the daily hash).
 */
export const browserUserAgent = (n = 0) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.${n}.0 Safari/537.36`

export type JoinLocale = keyof typeof joinForm

/** Someone who joins: in `locale` (English unless told), on `path` (the page in that language unless told, or a referral link). */
export interface Joiner {
  name: string
  email: string
  locale?: JoinLocale
  path?: string
}

/** A visitor joins the waitlist on the page open in `page`, in their language. */
export async function joinOnPage(page: Page, { name, email, locale = 'en' }: Joiner) {
  const words = joinForm[locale]
  await page.getByLabel(words.labels.name).fill(name)
  await page.getByLabel(words.labels.role).fill(locale === 'en' ? 'Head of People' : 'Head de Pessoas')
  await page.getByLabel(words.labels.email).fill(email)
  await page.getByRole('button', { name: words.button }).click()
  await expect(page.getByText(words.success)).toBeVisible({ timeout: 30_000 })
}

/** A visitor opens their page and joins, in a window of their own, with a browser’s User-Agent. */
export async function joinAsVisitor(browser: Browser, siteUrl: string, who: Joiner) {
  const visitor = await (await browser.newContext({ userAgent: browserUserAgent() })).newPage()
  await gotoHydrated(visitor, `${siteUrl}${who.path ?? joinForm[who.locale ?? 'en'].path}`)
  await joinOnPage(visitor, who)
  return visitor
}

/** A visitor joins and confirms through the link in their welcome (a server without SMTP writes it in `server.dataDir`). */
export async function joinAndConfirm(browser: Browser, server: OwnServer, who: Joiner) {
  const words = joinForm[who.locale ?? 'en']
  const visitor = await joinAsVisitor(browser, server.url, who)
  const welcome = await mailTo(server.dataDir, who.email, 'welcome')
  await visitor.goto(new RegExp(`https?://\\S+${words.confirmPath}\\?token=\\S+`).exec(welcome.text)?.[0] ?? '')
  await visitor.getByRole('button', { name: words.confirm.button }).click()
  await expect(visitor.getByRole('heading', { level: 1, name: words.confirm.done })).toBeVisible()
  return visitor
}
