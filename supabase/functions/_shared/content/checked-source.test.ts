import { describe, expect, it } from 'vitest'
import type { Log } from '../runtime/http.ts'
import { privacyNoteVersionQueryParser } from '../welcome/privacy-note-version-query.parser.ts'
import { contentChecker } from './content-check.ts'
import { checkedSource } from './checked-source.ts'

/** A log that keeps its lines. */
function keptLog() {
  const lines: { level: string; message: string; details?: Record<string, unknown> }[] = []
  const log: Log = (level, message, details) => lines.push({ level, message, ...(details ? { details } : {}) })
  return { lines, log }
}

/** A source whose answer the test sets, counting how often it is checked. */
function settableSource(first: unknown) {
  let answer = first
  let checks = 0
  const check = contentChecker(privacyNoteVersionQueryParser)
  return {
    set: (next: unknown) => (answer = next),
    source: async () => answer,
    check: (value: unknown) => {
      checks++
      return check(value)
    },
    checks: () => checks,
  }
}

describe('checkedSource', () => {
  it('checks each answer once, however often it is read', async () => {
    const { lines, log } = keptLog()
    const answers = settableSource({ version: 1 })
    const version = checkedSource('the version', answers.source, answers.check, log)
    for (let i = 0; i < 5; i++) expect(await version()).toBeNull()
    expect(await version.problems()).toEqual([
      { document: { type: 'privacyNote', id: 'privacyNote' }, field: 'version', expected: 'string' },
    ])
    expect(answers.checks()).toBe(1)
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'content problems in the version: wrong values dropped for their fallbacks',
        details: { problems: ['privacyNote/privacyNote version: expected string'] },
      },
    ])
  })

  it('logs when the problems change, and once when they are gone, never on a read', async () => {
    const { lines, log } = keptLog()
    const answers = settableSource('2026-01')
    const version = checkedSource('the version', answers.source, answers.check, log)
    expect(await version()).toBe('2026-01')
    expect(lines).toEqual([])

    answers.set(7)
    await version()
    answers.set(8)
    await version()
    expect(lines).toHaveLength(1)

    answers.set('2026-02')
    expect(await version()).toBe('2026-02')
    await version()
    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'content problems in the version: wrong values dropped for their fallbacks'],
      ['info', 'content problems in the version are gone'],
    ])
    expect(await version.problems()).toEqual([])
  })

  it('checks an answer of undefined, and a failing source fails as it did', async () => {
    const { log } = keptLog()
    const version = checkedSource('the version', async () => undefined, contentChecker(privacyNoteVersionQueryParser), log)
    expect(await version()).toBeNull()
    const failing = checkedSource(
      'the version',
      () => Promise.reject(new Error('Sanity is down')),
      contentChecker(privacyNoteVersionQueryParser),
      log,
    )
    await expect(failing()).rejects.toThrow('Sanity is down')
  })
})
