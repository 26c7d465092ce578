import { createContext, type FulfilledReactPromise, type PendingReactPromise } from 'react'
import { whenIdle } from './when-idle.ts'

/**
 * A promise that says whether it is settled: React's `use` looks at `status` first, so a gate
 * opened just before an update lets the section hydrate in that very render.
 */
export type HydrationGate = PendingReactPromise<void> | FulfilledReactPromise<void>

/**
 * When each section of the prerendered page may hydrate. Until its gate opens, a section keeps
 * the server's markup, which shows it and is styled, and React leaves it be; each opening is a
 * render and commit of that section alone, so none of them holds the main thread for long
 * (docs/decisions/0040-no-long-task-while-the-page-loads.md).
 */
export interface SectionHydration {
  /**
   * What the boundary of the section with this id waits on; undefined for a section the
   * prerender did not draw (nothing to keep: it renders at once). A `late` one is not opened when
   * the browser is idle, only by `allHydrated`, `openAll` or the reader's act on it.
   */
  gate(sectionId: string, late?: boolean): HydrationGate | undefined
  /** Every section may hydrate now: the language is about to change under them. */
  openAll(): void
  /** Called by a section's boundary once React has hydrated it. */
  hydrated(sectionId: string): void
  /**
   * Resolves once every section has hydrated, opening the waiting ones one after the other (each
   * once the one before has committed): for new content to wait on, which the sections could not
   * take while they wait, and which, taken by all of them at once, would hydrate them in one long task.
   */
  allHydrated(): Promise<void>
}

/** Only the browser's hydration of a prerender provides one; the server and a client render have none. */
export const SectionHydrationContext = createContext<SectionHydration | undefined>(undefined)

/** What the reader does to a part of the page: that part must be hydrated to answer. */
const ACTS = ['pointerdown', 'keydown', 'focusin', 'click'] as const

/**
 * Gates that open one at a time whenever the browser is idle (in the page's order, late ones left
 * out; `idle` schedules a turn) or, once `allHydrated` is asked for, each as soon as the section before has
 * hydrated; the one of a section as soon as the reader acts on it; and all at once on `openAll`.
 */
export function createSectionHydration({ idle = whenIdle }: { idle?: typeof whenIdle } = {}): SectionHydration {
  const waiting = new Map<Element, () => void>()
  const late = new Set<Element>()
  const gates = new Map<string, HydrationGate>()
  const unhydrated = new Set<string>()
  let idleTurn: (() => void) | undefined
  let allHydrated: Promise<void> | undefined
  let resolveAllHydrated = () => {}

  const openNext = () => waiting.values().next().value?.()
  const openNextOnTime = () => [...waiting].find(([section]) => !late.has(section))?.[1]()

  // One section per idle turn: React renders and commits it before the browser is idle again.
  function openNextWhenIdle() {
    idleTurn ??= idle(() => {
      idleTurn = undefined
      openNextOnTime()
      if (waiting.size > late.size) openNextWhenIdle()
    })
  }

  // Capturing on the window runs before React's listeners on the root: the section the reader
  // touches is open by the time React looks at the event.
  const onAct = (event: Event) => {
    for (const [section, open] of waiting) if (section.contains(event.target as Node)) open()
  }
  for (const type of ACTS) window.addEventListener(type, onAct, true)

  return {
    gate(sectionId, isLate) {
      const known = gates.get(sectionId)
      if (known) return known
      const section = document.getElementById(sectionId)
      if (!section) return undefined
      let resolve = () => {}
      const gate: HydrationGate = Object.assign(new Promise<void>((settle) => (resolve = settle)), { status: 'pending' as const })
      gates.set(sectionId, gate)
      unhydrated.add(sectionId)
      if (isLate) late.add(section)
      waiting.set(section, () => {
        waiting.delete(section)
        late.delete(section)
        Object.assign(gate, { status: 'fulfilled', value: undefined })
        resolve()
        if (!waiting.size) for (const type of ACTS) window.removeEventListener(type, onAct, true)
      })
      openNextWhenIdle()
      return gate
    },
    openAll() {
      for (const open of [...waiting.values()]) open()
    },
    hydrated(sectionId) {
      unhydrated.delete(sectionId)
      if (!allHydrated) return
      if (unhydrated.size) openNext()
      else resolveAllHydrated()
    },
    allHydrated() {
      if (!unhydrated.size) return Promise.resolve()
      if (!allHydrated) {
        allHydrated = new Promise<void>((resolve) => (resolveAllHydrated = resolve))
        openNext()
      }
      return allHydrated
    },
  }
}
