import type { Log } from './http.ts'
import type { Mailer } from './mailer.ts'
import type { ComposeWelcome } from './welcome-message.ts'
import type { WelcomeStore } from './welcome-store.ts'

export interface DeliverDependencies {
  store: Pick<WelcomeStore, 'claimDue' | 'markSent' | 'markFailed'>
  mailer: Mailer
  /** The message for one welcome: its copy, personal links and headers. */
  compose: ComposeWelcome
  log: Log
}

/** Sends the welcomes that are due; a failure is recorded and retried later with backoff. */
export async function deliverDueWelcomes({ store, mailer, compose, log }: DeliverDependencies, limit = 25) {
  let sent = 0
  let failed = 0
  for (const welcome of await store.claimDue(limit)) {
    try {
      await mailer.send(await compose(welcome))
      await store.markSent(welcome.id)
      sent += 1
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      await store.markFailed(welcome.id, reason)
      log('warn', 'welcome delivery failed, will retry', { id: welcome.id, attempt: welcome.attempts + 1, reason })
      failed += 1
    }
  }
  return { sent, failed }
}
