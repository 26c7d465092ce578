// Test helper: a small disk of its own (a tmpfs), to fill up as a launch day's logs or snapshots
// would. Mounting needs root, which CI has; elsewhere `smallDisksMount` is false and the tests that
// need one are skipped, saying why.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SmallDisk {
  /** Where it is mounted: readable by every user, so that PostgreSQL's own user can keep a tablespace there. */
  dir: string
  /** Writes a file until the disk refuses another byte (ENOSPC). */
  fill(): void
  /** Removes that file. */
  free(): void
  unmount(): void
}

function mountTmpfs(dir: string, megabytes: number) {
  mkdirSync(dir, { recursive: true, mode: 0o755 })
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir], { stdio: 'ignore' })
}

/** Whether this process may mount a tmpfs (root, outside a container that forbids it). */
export const smallDisksMount = (() => {
  const probe = join(tmpdir(), `pulso-small-disk-probe-${randomBytes(4).toString('hex')}`)
  try {
    mountTmpfs(probe, 1)
    execFileSync('umount', [probe], { stdio: 'ignore' })
    return true
  } catch {
    return false
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
})()

export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = join(tmpdir(), `pulso-small-disk-${randomBytes(6).toString('hex')}`)
  mountTmpfs(dir, megabytes)
  const filler = join(dir, 'filler')
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a')
      try {
        // Large writes first, then a page at a time: the last one that fits is written too.
        for (const size of [1 << 20, 4096]) {
          const chunk = Buffer.alloc(size)
          try {
            for (;;) writeSync(fd, chunk)
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
          }
        }
      } finally {
        closeSync(fd)
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount() {
      execFileSync('umount', ['--lazy', dir], { stdio: 'ignore' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
