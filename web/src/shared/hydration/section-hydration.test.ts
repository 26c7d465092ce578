import { afterEach, describe, expect, it } from 'vitest'
import { createSectionHydration } from './section-hydration.ts'

/** Sections as the prerender leaves them in the page, by id. */
function prerenderedSections(...ids: string[]) {
  document.body.innerHTML = ids.map((id) => `<section id="${id}"></section>`).join('')
}

/** Idle turns the test hands out one at a time. */
function idleTurns() {
  const queued: (() => void)[] = []
  return {
    idle: (task: () => void) => {
      queued.push(task)
      return () => queued.splice(queued.indexOf(task), 1)
    },
    next: () => queued.shift()?.(),
  }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('createSectionHydration', () => {
  it('keeps every prerendered section waiting, and lets one more hydrate at each idle turn, in page order', async () => {
    prerenderedSections('hero', 'workflow')
    const turns = idleTurns()
    const hydration = createSectionHydration({ idle: turns.idle })
    const hero = hydration.gate('hero')
    const workflow = hydration.gate('workflow')
    expect([hero?.status, workflow?.status]).toEqual(['pending', 'pending'])

    turns.next()
    await hero
    expect([hero?.status, workflow?.status]).toEqual(['fulfilled', 'pending'])
    turns.next()
    await workflow
    expect(workflow?.status).toBe('fulfilled')
  })

  it('hydrates every section for new content to wait on, one after the other, each once the one before has hydrated', async () => {
    prerenderedSections('hero', 'workflow')
    const hydration = createSectionHydration({ idle: idleTurns().idle })
    const [hero, workflow] = [hydration.gate('hero'), hydration.gate('workflow')]
    let allHydrated = false
    const waiting = hydration.allHydrated().then(() => (allHydrated = true))

    expect([hero?.status, workflow?.status]).toEqual(['fulfilled', 'pending'])
    hydration.hydrated('hero')
    expect(workflow?.status).toBe('fulfilled')
    await Promise.resolve()
    expect(allHydrated).toBe(false)
    hydration.hydrated('workflow')
    await waiting
    expect(allHydrated).toBe(true)
    await expect(hydration.allHydrated()).resolves.toBeUndefined()
  })

  it('opens every gate, readable as open at once, when the language is about to change', () => {
    prerenderedSections('hero', 'workflow')
    const hydration = createSectionHydration({ idle: idleTurns().idle })
    const gates = [hydration.gate('hero'), hydration.gate('workflow')]
    hydration.openAll()
    expect(gates.map((gate) => gate?.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(hydration.gate('hero')).toBe(gates[0])
  })

  it.each(['pointerdown', 'keydown', 'focusin', 'click'])('opens the gate of the section the reader acts on (%s)', (type) => {
    prerenderedSections('hero', 'freeTrial')
    const hydration = createSectionHydration({ idle: idleTurns().idle })
    const gates = [hydration.gate('hero'), hydration.gate('freeTrial')]
    document.getElementById('freeTrial')?.dispatchEvent(new Event(type, { bubbles: true }))
    expect(gates.map((gate) => gate?.status)).toEqual(['pending', 'fulfilled'])
  })

  it('has no gate for a section the prerender did not draw: it renders at once', () => {
    prerenderedSections('hero')
    expect(createSectionHydration({ idle: idleTurns().idle }).gate('testimonials')).toBeUndefined()
  })
})
