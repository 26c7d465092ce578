import { describe, expect, it } from 'vitest'
import { createRenderQueue, QueueFullError } from './render-queue.ts'

/** Work the test finishes by hand, counting how often it was started. */
function manualWork<T>() {
  const finishers: ((value: T) => void)[] = []
  let starts = 0
  return {
    work: () => {
      starts += 1
      return new Promise<T>((resolve) => finishers.push(resolve))
    },
    finish: (value: T) => finishers.shift()?.(value),
    starts: () => starts,
  }
}

const stays = () => new AbortController().signal

describe('createRenderQueue', () => {
  it('runs no more than its concurrency at once, then queues, then refuses', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxQueued: 1 })
    const first = manualWork<string>()
    const second = manualWork<string>()
    const running = queue.run('a', first.work, stays())
    const queued = queue.run('b', second.work, stays())
    expect(queue.load()).toEqual({ running: 1, waiting: 1 })
    expect(() => queue.run('c', manualWork<string>().work, stays())).toThrow(QueueFullError)
    expect(second.starts()).toBe(0)

    first.finish('A')
    expect(await running).toBe('A')
    await expect.poll(() => second.starts()).toBe(1)
    second.finish('B')
    expect(await queued).toBe('B')
    expect(queue.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('merges identical requests into one run with many waiters', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxQueued: 0 })
    const render = manualWork<string>()
    const answers = [1, 2, 3, 4].map(() => queue.run('same', render.work, stays()))
    render.finish('once')
    expect(await Promise.all(answers)).toEqual(['once', 'once', 'once', 'once'])
    expect(render.starts()).toBe(1)
  })

  it('drops queued work when every caller has gone, and keeps it while one still waits', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxQueued: 2 })
    const blocker = manualWork<string>()
    const dropped = manualWork<string>()
    const kept = manualWork<string>()
    const running = queue.run('blocker', blocker.work, stays())

    const gone = new AbortController()
    const abandoned = queue.run('dropped', dropped.work, gone.signal)
    const leaving = new AbortController()
    const left = queue.run('kept', kept.work, leaving.signal)
    const staying = queue.run('kept', kept.work, stays())
    gone.abort(new Error('hung up'))
    leaving.abort(new Error('hung up'))
    await expect(abandoned).rejects.toThrow('hung up')
    await expect(left).rejects.toThrow('hung up')
    expect(queue.load()).toEqual({ running: 1, waiting: 1 })

    blocker.finish('done')
    await running
    await expect.poll(() => kept.starts()).toBe(1)
    kept.finish('K')
    expect(await staying).toBe('K')
    expect(dropped.starts()).toBe(0)
  })

  it('lets a started run finish when its caller goes, and answers the next caller from it', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxQueued: 0 })
    const render = manualWork<string>()
    const gone = new AbortController()
    const first = queue.run('a', render.work, gone.signal)
    gone.abort(new Error('hung up'))
    await expect(first).rejects.toThrow('hung up')
    const second = queue.run('a', render.work, stays())
    render.finish('A')
    expect(await second).toBe('A')
    expect(render.starts()).toBe(1)
  })

  it('passes a failure to every waiter and goes on with the next job', async () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxQueued: 1 })
    const failing = () => Promise.reject(new Error('broken'))
    const next = manualWork<string>()
    const a = queue.run('a', failing, stays())
    const b = queue.run('a', failing, stays())
    const c = queue.run('c', next.work, stays())
    await expect(a).rejects.toThrow('broken')
    await expect(b).rejects.toThrow('broken')
    await expect.poll(() => next.starts()).toBe(1)
    next.finish('C')
    expect(await c).toBe('C')
  })

  it('refuses a caller that has already gone', () => {
    const queue = createRenderQueue<string>({ concurrency: 1, maxQueued: 1 })
    const gone = new AbortController()
    gone.abort(new Error('hung up'))
    expect(() => queue.run('a', manualWork<string>().work, gone.signal)).toThrow('hung up')
  })
})
