// DATA_DIR is its owner's alone (the embedded database, the mail with names and signed links), on a
// real start of `node server/main.ts`: every folder 0700, every file 0600, whatever the libraries
// chose; a data directory others can write is refused, saying how to fix it.
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverSandbox, type ServerSandbox } from '../../test/server/server-process.ts'
import { eventually, uniqueAddress } from '../../test/eventually.ts'

const ENV = { CAPTCHA: 'off', LOG_LEVEL: 'warn' }
const headers = { apikey: 'local-anon-key', 'content-type': 'application/json' }

/** Every folder and file under `root` whose mode gives anything to the group or other accounts. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = []
  const pending = [root]
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const stats = await lstat(path)
    if (stats.isSymbolicLink()) continue
    if ((stats.mode & 0o077) !== 0) found.push(`${relative(root, path) || '.'} ${(stats.mode & 0o777).toString(8)}`)
    if (stats.isDirectory()) for (const name of await readdir(path)) pending.push(join(path, name))
  }
  return found
}

describe('the data directory', () => {
  let sandbox: ServerSandbox
  beforeAll(async () => {
    sandbox = await serverSandbox()
  })
  afterAll(() => sandbox?.remove())

  it('is private to its owner after a start, a sign-up and a welcome written to a file', async () => {
    // A file an older version left readable by everyone is tightened too.
    await mkdir(join(sandbox.dataDir, 'mail'), { recursive: true })
    await writeFile(join(sandbox.dataDir, 'mail', 'old.eml'), 'From: x', { mode: 0o644 })
    await chmod(join(sandbox.dataDir, 'mail', 'old.eml'), 0o644)

    const server = await sandbox.start(ENV)
    try {
      const email = uniqueAddress('modes')
      const body = JSON.stringify({ email, role: 'CTO', company_size: 'unknown' })
      expect((await fetch(`${server.url}/rest/v1/waitlist`, { method: 'POST', headers, body })).status).toBe(201)
      const welcome = JSON.stringify({ name: 'Ana', email, role: 'CTO', lang: 'pt' })
      expect(
        (await fetch(`${server.url}/functions/v1/send-welcome-email`, { method: 'POST', headers, body: welcome })).status,
      ).toBe(202)
      await eventually(
        () => readdir(join(sandbox.dataDir, 'mail')),
        (names) => names.some((name) => name.endsWith('.eml') && name !== 'old.eml'),
      )
      expect(await openToOthers(sandbox.dataDir)).toEqual([])
    } finally {
      process.kill(server.pid, 'SIGTERM')
      await server.exited
    }
    expect(await openToOthers(sandbox.dataDir)).toEqual([])
  })

  it('refuses to start on a data directory other accounts can write, saying how to fix it', async () => {
    await chmod(join(sandbox.dataDir, 'pglite'), 0o777)
    await expect(sandbox.start(ENV)).rejects.toThrow(/other accounts can write: pglite \(777\).*chmod -R go-rwx/s)
  })
})
