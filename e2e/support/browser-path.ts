import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

/** Playwright's own Chromium, if `npx playwright install chromium` has downloaded it. */
function playwrightChromium(): string | undefined {
  try {
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

/**
 * The Chromium the end-to-end tests drive: `CHROME_PATH` if set, else Playwright's own build,
 * else the system package. With none of them the run stops here, saying how to get one.
 */
export function resolveBrowserPath(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.CHROME_PATH?.trim()
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file exists there.`)
    return fromEnv
  }
  const bundled = playwrightChromium()
  if (bundled) return bundled
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one with `apt-get install chromium` ' +
      '(or `npx playwright install chromium`), or set CHROME_PATH to a Chrome/Chromium executable.',
  )
}
