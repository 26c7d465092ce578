import { randomBytes } from 'node:crypto'

/** Polls `read` until `done` holds, or fails after `timeoutMs` with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** An address no other test uses. */
export const uniqueAddress = (tag: string) => `${tag}-${randomBytes(5).toString('hex')}@example.com`
