import { accessSync, constants, statSync } from 'node:fs'
import { chromium } from '@playwright/test'

/** Where a system install puts Chromium or Chrome (Debian, Ubuntu, Fedora, macOS). */
const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
]

const INSTALL_HINT =
  'install Chromium (Debian/Ubuntu: `apt-get install chromium`) or Chrome, or run `npx playwright install chromium`; ' +
  'if it is somewhere else, `export CHROME_PATH=/path/to/chromium`.'

/** The browser cannot be found; the message is one line that says what to do. */
export class BrowserNotFound extends Error {}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** Playwright's own Chromium, if `npx playwright install chromium` has downloaded it. */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath() || undefined
  } catch {
    return undefined
  }
}

/**
 * The Chromium the end-to-end tests drive: `CHROME_PATH` if set, else the first executable
 * of `candidates` (Playwright's own build, then the usual system locations).
 */
export function resolveBrowserPath(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly (string | undefined)[] = [playwrightChromium(), ...SYSTEM_BROWSERS],
): string {
  const fromEnv = env.CHROME_PATH?.trim()
  if (fromEnv) {
    if (isExecutableFile(fromEnv)) return fromEnv
    throw new BrowserNotFound(
      `CHROME_PATH is ${fromEnv}, which is not an executable file: point it at Chromium or Chrome, or unset it to use an installed one.`,
    )
  }
  const found = candidates.find((path) => path !== undefined && isExecutableFile(path))
  if (found) return found
  throw new BrowserNotFound(`No Chromium for the end-to-end tests: ${INSTALL_HINT}`)
}

/** For the test runner: the browser's path, or the reason on one line (no stack trace) and exit code 1. */
export function browserPathOrExit(): string {
  try {
    return resolveBrowserPath()
  } catch (error) {
    if (!(error instanceof BrowserNotFound)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

// `node e2e/support/browser-path.ts`: checks for the browser before `test:e2e` spends time building.
if (import.meta.main) console.log(`End-to-end tests drive ${browserPathOrExit()}`)
