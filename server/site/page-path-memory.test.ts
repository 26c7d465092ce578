import { describe, expect, it } from 'vitest'
import { pageRoutesOf } from './page-routes.ts'
import { createPagePathMemory, memoryPagePathStore } from './page-path-memory.ts'

const routesWith = (pt: string | null, en: string | null) =>
  pageRoutesOf([{ _id: 'campaign', title: null, noindex: null, slug: { pt, en }, experiments: null }], () => undefined)
const log = { warn: () => undefined }

describe('the addresses pages had', () => {
  it('redirects an address a page left to the one it has now, in the same language, and nothing else', async () => {
    const memory = createPagePathMemory(memoryPagePathStore(), log)
    await memory.note(routesWith('rh', 'for-hr-leaders'))
    const moved = routesWith('pessoas', 'for-people-leaders')
    await memory.note(moved)
    expect(memory.redirect('/rh', moved)).toBe('/pessoas')
    expect(memory.redirect('/en/for-hr-leaders', moved)).toBe('/en/for-people-leaders')
    // Where it is now, and an address no page ever had, are not redirects.
    expect(memory.redirect('/pessoas', moved)).toBeUndefined()
    expect(memory.redirect('/nunca', moved)).toBeUndefined()
  })

  it('does not redirect to a page that is gone (unpublished or deleted), nor in a language it has left', async () => {
    const memory = createPagePathMemory(memoryPagePathStore(), log)
    await memory.note(routesWith('rh', 'for-hr-leaders'))
    expect(
      memory.redirect(
        '/rh',
        pageRoutesOf([], () => undefined),
      ),
    ).toBeUndefined()
    expect(memory.redirect('/en/for-hr-leaders', routesWith('rh', null))).toBeUndefined()
  })

  it('remembers across a restart through its store', async () => {
    const store = memoryPagePathStore()
    await createPagePathMemory(store, log).note(routesWith('rh', null))
    const restarted = createPagePathMemory(store, log)
    const moved = routesWith('pessoas', null)
    await restarted.note(moved)
    expect(restarted.redirect('/rh', moved)).toBe('/pessoas')
  })
})
