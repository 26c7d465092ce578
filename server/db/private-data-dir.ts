import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'

/** Any permission for the group or other accounts. */
const NOT_THE_OWNERS = 0o077
/** Write permission for the group or other accounts. */
const OTHERS_WRITE = 0o022

export class DataDirError extends Error {
  override name = 'DataDirError'
}

/**
 * Makes DATA_DIR (the embedded database, the mail files with names, addresses and signed links)
 * the owner's alone: created 0700, and whatever is in it tightened to the owner (folders 0700,
 * files 0600), whatever modes the libraries that wrote it chose. A folder in it that other
 * accounts can write is refused, saying how to fix it: anyone could have changed what it holds
 * (the database's configuration, its functions), so it is not tightened silently.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const entries = await walk(dataDir)
  const open = entries.filter(({ isDirectory, mode }) => isDirectory && (mode & OTHERS_WRITE) !== 0)
  if (open.length > 0) {
    const shown = open
      .slice(0, 3)
      .map(({ path, mode }) => `${relative(dataDir, path) || '.'} (${(mode & 0o777).toString(8)})`)
      .join(', ')
    throw new DataDirError(
      `DATA_DIR ${dataDir} has folders other accounts can write: ${shown}${open.length > 3 ? `, and ${open.length - 3} more` : ''}. ` +
        `Anyone on this machine could have changed the database or the mail in it. Check it, then make it yours alone: ` +
        `chmod -R go-rwx ${JSON.stringify(dataDir)}`,
    )
  }
  await tighten(entries)
}

/**
 * Takes from the group and other accounts whatever the files under `root` give them. The embedded
 * database sets some files' modes itself, whatever the process's umask (0077 in server/main.ts): it
 * unpacks its first files as 0666 and rewrites a few caches as 0644 when it opens. It is called once
 * the database is open; between two starts, the folders (0700) keep such files from other accounts.
 */
export async function tightenToOwner(root: string): Promise<void> {
  await tighten(await walk(root))
}

async function tighten(entries: Entry[]): Promise<void> {
  for (const { path, mode } of entries) {
    if ((mode & NOT_THE_OWNERS) !== 0) await chmod(path, mode & 0o700).catch(ignoreVanished)
  }
}

/** The database creates and removes files while it runs: one gone between two looks is no error. */
function ignoreVanished(error: unknown): undefined {
  if ((error as { code?: unknown }).code === 'ENOENT') return undefined
  throw error
}

interface Entry {
  path: string
  mode: number
  isDirectory: boolean
}

/**
 * The folder and everything under it, links not followed: a folder's entries looked at together,
 * one folder depth after another (the embedded database's 1,300 files one by one took 0.4-0.7 s of
 * each start, that of `npm run waitlist:export` included).
 */
async function walk(root: string): Promise<Entry[]> {
  const entries: Entry[] = []
  for (let depth = [root]; depth.length > 0;) {
    const found = await Promise.all(depth.map((path) => lstat(path).then((stats) => ({ path, stats }), ignoreVanished)))
    const folders: string[] = []
    for (const { path, stats } of found.filter((entry) => entry !== undefined)) {
      if (stats.isSymbolicLink()) continue
      entries.push({ path, mode: stats.mode, isDirectory: stats.isDirectory() })
      if (stats.isDirectory()) folders.push(path)
    }
    const names = await Promise.all(folders.map((path) => readdir(path).catch(ignoreVanished)))
    depth = folders.flatMap((path, i) => (names[i] ?? []).map((name) => join(path, name)))
  }
  return entries
}
