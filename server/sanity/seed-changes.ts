import { watch, type FSWatcher } from 'node:fs'
import type { LocalDataset, LocalDatasetSource } from './local-dataset.ts'

/** Something that tells listeners a new version of the content is out, and how to stop listening. */
export interface ContentChanges {
  /** The id of the current version; a client that saw another one has missed a change. */
  currentVersion(): string
  /** Calls `listener` with the new version's id after each change; returns the unsubscribe. */
  subscribe(listener: (version: string) => void): () => void
  close(): void
}

export interface SeedChangesOptions {
  source: LocalDatasetSource
  seedDir: string
  /** Editors save in bursts (write, rename, image copy): one reload per burst. */
  settleMs?: number
  log: { info(message: string): void; warn(message: string): void }
}

/**
 * Watches the seed folder and announces each new valid version of the dataset, so open
 * pages refetch (the local side of Sanity's Live Content API, see live-routes.ts). An edit
 * that leaves the seed invalid is logged and announced once it is fixed.
 */
export function watchSeedChanges({ source, seedDir, settleMs = 100, log }: SeedChangesOptions): ContentChanges {
  const listeners = new Set<(version: string) => void>()
  // Ids stay unique across restarts, so a page that reconnects to a new process refetches.
  const startedAt = Date.now().toString(36)
  let versionNumber = 0
  let current: LocalDataset | undefined
  let timer: NodeJS.Timeout | undefined

  const version = () => `${startedAt}-${versionNumber}`

  const check = async () => {
    try {
      // The first call may join a load that began before this edit; the second checks the stamps again.
      await source.get()
      const dataset = await source.get()
      if (current && dataset !== current) {
        versionNumber += 1
        log.info(`Seed changed: published content version ${version()} to ${listeners.size} open page(s)`)
        for (const listener of listeners) listener(version())
      }
      current = dataset
    } catch (err) {
      log.warn(`Seed edit not published: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  void source.get().then(
    (dataset) => {
      current ??= dataset
    },
    () => undefined,
  )

  let watcher: FSWatcher | undefined
  try {
    watcher = watch(seedDir, { recursive: true }, () => {
      clearTimeout(timer)
      timer = setTimeout(() => void check(), settleMs)
    })
    watcher.on('error', (err) => log.warn(`Stopped watching ${seedDir} for edits: ${err.message}`))
  } catch (err) {
    log.warn(`Cannot watch ${seedDir} for edits (pages will pick them up on their next refresh): ${String(err)}`)
  }

  return {
    currentVersion: version,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      clearTimeout(timer)
      watcher?.close()
      listeners.clear()
    },
  }
}
