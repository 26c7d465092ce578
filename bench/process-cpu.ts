import { readFile } from 'node:fs/promises'

/** Linux counts a process's CPU time in clock ticks of 1/USER_HZ, 100 a second on every architecture it runs on today. */
const MS_PER_TICK = 10

/**
 * CPU time a process has used so far, user and system, in ms; `thread: true` for its main thread alone.
 * From /proc (Linux); undefined elsewhere, or once the process is gone.
 */
export async function cpuMs(pid: number, { thread = false } = {}): Promise<number | undefined> {
  const stat = await readFile(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').catch(() => undefined)
  if (stat === undefined) return undefined
  // The fields after the command's name (which may hold spaces, so found after its closing bracket):
  // state is the 3rd field, utime the 14th and stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK
}

/** The CPU spent per item between two readings of `cpuMs`, in ms; undefined when either is missing. */
export function cpuMsPer(before: number | undefined, after: number | undefined, items: number): number | undefined {
  return before === undefined || after === undefined ? undefined : (after - before) / items
}
