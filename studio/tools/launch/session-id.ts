import { useEffect, useState } from 'react'

/**
 * The id of the next thing to send (a wave, an update), kept in this browser tab's session storage
 * as well: leaving the tab, or reloading the Studio after a send whose answer was lost, keeps the
 * same id, which the site sends under only once. Replace it once the site has answered a send.
 */
export function useSessionId(key: string) {
  const [id, setId] = useState(() => sessionStorage.getItem(key) ?? crypto.randomUUID())
  useEffect(() => sessionStorage.setItem(key, id), [key, id])
  return [id, setId] as const
}
