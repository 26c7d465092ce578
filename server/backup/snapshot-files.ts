/**
 * The snapshots in BACKUP_DIR: named by the moment they were taken (UTC, to the millisecond) and
 * the database they came from, so the newest is the last in name order and a restore knows what
 * it holds. Only files of this shape are ever listed or deleted; anything else in the folder is left.
 */
import { chmod, mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../db/database.ts'

const EXTENSION = { pglite: 'pglite.tar.gz', postgres: 'pgdump' } as const
const NAME = /^pulso-(\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z)\.(pglite\.tar\.gz|pgdump)$/

export interface SnapshotFile {
  name: string
  path: string
  /** When it was taken, from its name. */
  at: Date
  bytes: number
}

/** `pulso-2026-12-05T090000.123Z.pgdump`: no colon, so it is a valid name on every file system. */
export const snapshotName = (kind: Database['kind'], at: Date) => `pulso-${at.toISOString().replace(/:/g, '')}.${EXTENSION[kind]}`

const takenAt = (stamp: string) => new Date(stamp.replace(/T(\d{2})(\d{2})(\d{2})/, 'T$1:$2:$3'))

/** The folder, made if missing, the server's user's alone (like DATA_DIR). */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await chmod(dir, 0o700)
}

/** Every snapshot in `dir`, newest first; none when the folder does not exist. */
export async function listSnapshots(dir: string): Promise<SnapshotFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  const files = await Promise.all(
    names.flatMap((name) => {
      const stamp = NAME.exec(name)?.[1]
      if (!stamp) return []
      const path = join(dir, name)
      return [stat(path).then(({ size }) => ({ name, path, at: takenAt(stamp), bytes: size }))]
    }),
  )
  return files.sort((a, b) => b.name.localeCompare(a.name))
}

export const newestSnapshot = async (dir: string) => (await listSnapshots(dir))[0]

/** Deletes all but the newest `keep` snapshots; resolves with the names deleted. */
export async function pruneSnapshots(dir: string, keep: number): Promise<string[]> {
  const old = (await listSnapshots(dir)).slice(keep)
  for (const file of old) await rm(file.path, { force: true })
  return old.map((file) => file.name)
}

/** Which database a snapshot file is of, from its first bytes (gzip's, or pg_dump's archive's); undefined for neither. */
export async function snapshotKindOf(path: string): Promise<Database['kind'] | undefined> {
  const file = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(5), 0, 5, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
    return head.toString('latin1') === 'PGDMP' ? 'postgres' : undefined
  } finally {
    await file.close()
  }
}
