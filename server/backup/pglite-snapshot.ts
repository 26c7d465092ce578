/**
 * Snapshots of the embedded database: its directory copied while no statement runs, right after a
 * checkpoint (pglite-thread.ts, 'copy'); the copy opened in a database thread of its own to empty
 * the tables no snapshot holds (the salts) and count the rest against the database's; packed with
 * a manifest (when, and every table's rows) into one `.tar.gz`. Checked by opening what was packed
 * and counting its rows again; restored by unpacking it into an empty DATA_DIR.
 */
import { mkdtemp, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { c as packTar, x as unpackTar } from 'tar'
import type { Database } from '../db/database.ts'
import { lockDirectory } from '../db/directory-lock.ts'
import { openPgliteThread } from '../db/pglite-client.ts'
import { makeDataDirPrivate, tightenToOwner } from '../db/private-data-dir.ts'
import { countRows, countsThatDiffer, LEFT_OUT_OF_SNAPSHOTS, snapshotCountsOf, type RowCounts } from './row-counts.ts'
import { SnapshotError } from './snapshot-error.ts'

const MANIFEST = 'pulso-snapshot.json'
const DATABASE_FOLDER = 'pglite'

interface Manifest {
  format: 'pulso-pglite-snapshot'
  version: 1
  takenAt: string
  counts: RowCounts
}

/** Writes the snapshot of `db` to `file` (0600); resolves with the rows it holds. */
export async function writePgliteSnapshot(db: Database, file: string): Promise<RowCounts> {
  if (!db.copyDirectory) throw new Error('only the embedded database is copied as a directory')
  const work = await mkdtemp(join(dirname(file), '.copy-'))
  try {
    const takenAt = new Date().toISOString()
    const copy = join(work, DATABASE_FOLDER)
    const counts = snapshotCountsOf(await db.copyDirectory(copy))
    await leaveOut(copy, counts)
    const manifest: Manifest = { format: 'pulso-pglite-snapshot', version: 1, takenAt, counts }
    await writeFile(join(work, MANIFEST), JSON.stringify(manifest, null, 2))
    await packTar({ gzip: true, file, cwd: work, portable: true, mode: 0o600 }, [MANIFEST, DATABASE_FOLDER])
    return counts
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/** Empties the tables no snapshot holds in the copy, and checks it holds the database's other rows. */
async function leaveOut(copy: string, expected: RowCounts): Promise<void> {
  const db = await openPgliteThread(copy)
  try {
    await db.transaction((tx) => tx.exec(LEFT_OUT_OF_SNAPSHOTS.map((table) => `delete from ${table};`).join('\n')))
    await db.query('checkpoint')
    const differ = countsThatDiffer(expected, await countRows(db))
    if (differ.length > 0)
      throw new SnapshotError(`The copy of the embedded database does not hold its rows: ${differ.join('; ')}`)
  } finally {
    await db.close()
  }
}

/** Unpacks `file` into `into`: the database's folder, and what the manifest says it holds. */
async function unpack(file: string, into: string): Promise<{ directory: string; manifest: Manifest }> {
  await unpackTar({ file, cwd: into })
  const manifest = JSON.parse(await readFile(join(into, MANIFEST), 'utf8').catch(() => '{}')) as Partial<Manifest>
  if (manifest.format !== 'pulso-pglite-snapshot' || typeof manifest.counts !== 'object') {
    throw new SnapshotError(`${file} is not a snapshot of the embedded database (no ${MANIFEST} in it).`)
  }
  return { directory: join(into, DATABASE_FOLDER), manifest: manifest as Manifest }
}

/** Opens the embedded database in `directory` in a thread of its own, just to count its rows. */
async function countIn(directory: string): Promise<RowCounts> {
  const db = await openPgliteThread(directory)
  try {
    return await countRows(db)
  } finally {
    await db.close()
  }
}

/** Opens a copy of `file` beside it and counts its rows: they must be those its manifest names. */
export async function checkPgliteSnapshot(file: string): Promise<RowCounts> {
  const work = await mkdtemp(join(dirname(file), '.check-'))
  try {
    const { directory, manifest } = await unpack(file, work)
    const differ = countsThatDiffer(manifest.counts, await countIn(directory))
    if (differ.length > 0) throw new SnapshotError(`${file} does not hold the rows it was taken with: ${differ.join('; ')}`)
    return manifest.counts
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * Restores `file` into DATA_DIR's embedded database, which must be empty or missing: it is locked
 * as a server would lock it, filled, opened and counted. Resolves with the rows restored.
 */
export async function restorePgliteSnapshot(file: string, dataDir: string, lockWaitSeconds?: number): Promise<RowCounts> {
  await makeDataDirPrivate(dataDir)
  const target = join(dataDir, DATABASE_FOLDER)
  const present = await readdir(target).catch(() => [])
  if (present.length > 0) {
    throw new SnapshotError(
      `${target} already holds a database: a snapshot is restored into an empty one. Stop the server, move that folder away (mv ${target} ${target}.old), and run the restore again.`,
    )
  }
  await makeDataDirPrivate(target)
  const release = await lockDirectory(target, lockWaitSeconds)
  const work = await mkdtemp(join(dataDir, '.restore-'))
  try {
    const { directory, manifest } = await unpack(file, work)
    for (const entry of await readdir(directory)) await rename(join(directory, entry), join(target, entry))
    await tightenToOwner(target)
    const differ = countsThatDiffer(manifest.counts, await countIn(target))
    if (differ.length > 0)
      throw new SnapshotError(`The restored database does not hold the snapshot's rows: ${differ.join('; ')}`)
    return manifest.counts
  } catch (error) {
    // The folder was empty: what a failed restore left in it goes, so the next try finds it empty again.
    for (const entry of await readdir(target)) await rm(join(target, entry), { recursive: true, force: true })
    throw error
  } finally {
    await rm(work, { recursive: true, force: true })
    await release()
  }
}
