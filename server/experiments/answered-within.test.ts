import { MessageChannel } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { answeredWithin } from './answered-within.ts'

/** Keeps this thread busy until `ms` have passed, as a collection or a busy machine does. */
function holdThread(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('answeredWithin', () => {
  it('takes an answer that arrived while the thread was held past the deadline', async () => {
    const { port1, port2 } = new MessageChannel()
    const answer = new Promise((resolve) => port1.once('message', resolve))
    const result = answeredWithin(answer, 5)
    port2.postMessage('the salt')
    holdThread(20)
    expect(await result).toBe('the salt')
    port1.close()
  })

  it('gives up on an answer that has not come by the deadline', async () => {
    expect(await answeredWithin(new Promise(() => undefined), 5)).toBeUndefined()
  })

  it('passes an answer already known without waiting for the event loop', async () => {
    const result = answeredWithin(Promise.resolve('kept in memory'), 0)
    holdThread(5)
    expect(await result).toBe('kept in memory')
  })
})
