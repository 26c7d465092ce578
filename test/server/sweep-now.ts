// Test helper: one full sweep of an outbox, started now (the sweep in progress, if any, finishes
// first): whatever is due has been attempted when it resolves.
import type { Sweeper } from '../../server/outbox/sweeper.ts'

export async function sweepNow(sweeper: Sweeper): Promise<void> {
  await sweeper.idle()
  sweeper.kick()
  await sweeper.idle()
}
