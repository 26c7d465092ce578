import { readFile } from 'node:fs/promises'

/** Resident memory of a process, in bytes (Linux /proc). */
export async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024
}
