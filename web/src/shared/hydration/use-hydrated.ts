import { useSyncExternalStore } from 'react'

const nothingToWatch = () => () => undefined

/** False in the prerender and while the page hydrates, true once React runs the page in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  )
}
