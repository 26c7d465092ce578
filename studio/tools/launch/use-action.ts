import { useState } from 'react'

/**
 * A call to the site started by a button: `act` runs it with `busy` set (the buttons off), clears
 * the last outcome and failure first, and keeps what it threw as `failure` to show. The action says
 * its own outcome with `setOutcome`.
 */
export function useAction() {
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<string | undefined>()
  const [failure, setFailure] = useState<unknown>()
  const act = async (action: () => Promise<void>) => {
    setFailure(undefined)
    setOutcome(undefined)
    setBusy(true)
    try {
      await action()
    } catch (caught) {
      setFailure(caught)
    } finally {
      setBusy(false)
    }
  }
  return { busy, outcome, setOutcome, failure, act }
}
