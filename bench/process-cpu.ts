import { readFile } from 'node:fs/promises'

/** Linux counts a process's CPU time in clock ticks of 1/USER_HZ, 100 a second on every architecture it runs on today. */
const MS_PER_TICK = 10

/** CPU time a process has used so far, user and system, in ms; `thread: true` for its main thread alone (Linux /proc). */
export async function cpuMs(pid: number, { thread = false } = {}): Promise<number> {
  const stat = await readFile(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').catch(() => '')
  // The fields after the command's name (which may hold spaces, so found after its closing bracket):
  // state is the 3rd field, utime the 14th and stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * MS_PER_TICK
}
