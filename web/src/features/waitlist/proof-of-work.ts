import type { SupabaseClient } from '@supabase/supabase-js'
import type { Challenge } from 'altcha/types'
import type { AltchaWidgetElement } from 'altcha/types/generic'
import { shownPage } from './signup-attribution.ts'

export interface ProofOfWork {
  /** Starts solving in the background: the visitor has begun to fill in the form. */
  start(): void
  /** The solution for this sign-up (undefined when none could be found); the next sign-up solves anew. */
  take(): Promise<string | undefined>
}

/**
 * The ALTCHA solution a sign-up carries to the welcome function (docs/decisions/0018-proof-of-work.md).
 * The challenge comes from the function itself (GET), the widget solves it in workers while the
 * visitor types, and a solution is used once: the server refuses it a second time.
 */
interface Solved {
  payload: string | undefined
  /** When the challenge stops being accepted (ms since the epoch). */
  expiresAt: number
}

/** A solution this close to its challenge's expiry is solved again rather than sent to be refused. */
const EXPIRY_MARGIN_MS = 60_000

/** The function's name with the page the form is on, which invoke() puts in the address as it is. */
const challengeAddress = (page: string | undefined) =>
  page ? `send-welcome-email?page=${encodeURIComponent(page)}` : 'send-welcome-email'

export function createProofOfWork(supabase: () => Promise<SupabaseClient>): ProofOfWork {
  let pending: Promise<Solved> | undefined
  let mounted: Promise<AltchaWidgetElement> | undefined

  async function solve(): Promise<Solved> {
    try {
      // Outside the form: inside it, the widget would hold the form back while it solves (its
      // hidden checkbox is required then), and the form does not need it to send the solution.
      mounted ??= import('./altcha-widget.ts').then(({ mountWidget }) => mountWidget(document.body))
      const [{ data, error }, widget] = await Promise.all([
        // The form's page rides on the challenge's address: the form start is counted on it.
        (await supabase()).functions.invoke<Challenge>(challengeAddress(shownPage()), { method: 'GET' }),
        mounted,
      ])
      if (error || !data) throw error ?? new Error('no challenge')
      await widget.configure({ challenge: data })
      const payload = (await widget.verify())?.payload
      return { payload, expiresAt: (data.parameters.expiresAt ?? Infinity) * 1000 }
    } catch (error) {
      // The welcome goes without a solution and is refused: the visitor sees the usual error.
      console.error('[waitlist] proof of work failed:', error)
      return { payload: undefined, expiresAt: 0 }
    }
  }

  return {
    start() {
      pending ??= solve()
    },
    async take() {
      let solved = await (pending ?? solve())
      // A visitor who left the form open for a long while gets a fresh solution, not a refusal.
      if (solved.payload !== undefined && solved.expiresAt - EXPIRY_MARGIN_MS < Date.now()) solved = await solve()
      pending = undefined
      return solved.payload
    },
  }
}
