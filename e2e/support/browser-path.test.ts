import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BrowserNotFound, resolveBrowserPath } from './browser-path.ts'

describe('resolveBrowserPath', () => {
  let dir: string
  let notExecutable: string
  const executable = process.execPath
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pulso-browser-path-'))
    notExecutable = join(dir, 'chromium')
    await writeFile(notExecutable, '', { mode: 0o644 })
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  /** The error a resolution throws, which must be a one-line BrowserNotFound. */
  function failure(run: () => string): string {
    let thrown: unknown
    try {
      run()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BrowserNotFound)
    const { message } = thrown as Error
    expect(message).not.toContain('\n')
    return message
  }

  it('takes CHROME_PATH when it names an executable, before any installed browser', () => {
    expect(resolveBrowserPath({ CHROME_PATH: ` ${executable} ` }, ['/usr/bin/env'])).toBe(executable)
  })

  it.each([
    ['a missing file', () => join(dir, 'nowhere', 'chrome')],
    ['a directory', () => dir],
    ['a file that is not executable', () => notExecutable],
  ])('says in one line what to do when CHROME_PATH names %s', (_, path) => {
    const message = failure(() => resolveBrowserPath({ CHROME_PATH: path() }, [executable]))
    expect(message).toBe(
      `CHROME_PATH is ${path()}, which is not an executable file: point it at Chromium or Chrome, or unset it to use an installed one.`,
    )
  })

  it('without CHROME_PATH, takes the first candidate that is an executable file', () => {
    expect(resolveBrowserPath({}, [undefined, join(dir, 'missing'), notExecutable, dir, executable, '/usr/bin/env'])).toBe(
      executable,
    )
  })

  it('says in one line what to install and how to point CHROME_PATH at it when there is none', () => {
    const message = failure(() => resolveBrowserPath({ CHROME_PATH: '  ' }, [undefined, join(dir, 'missing')]))
    expect(message).toMatch(
      /^No Chromium for the end-to-end tests: install Chromium \(Debian\/Ubuntu: `apt-get install chromium`\)/,
    )
    expect(message).toContain('export CHROME_PATH=/path/to/chromium')
  })
})
