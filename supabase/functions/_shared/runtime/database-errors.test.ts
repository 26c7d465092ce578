import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './database-errors.ts'

describe('isDatabaseUnavailable', () => {
  it.each([
    ['08006', 'a connection lost'],
    ['57P01', 'the server shutting down'],
    ['53100', 'a full disk'],
    ['53200', 'out of memory'],
    ['53300', 'too many connections'],
    ['ECONNREFUSED', 'the host refusing'],
  ])('takes %s (%s) for a database that cannot serve now', (code) => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true)
  })

  it.each([
    ['53400', 'a configured limit'],
    ['23505', 'a unique violation'],
    ['22P02', 'bad input'],
  ])('takes %s (%s) for the statement’s fault', (code) => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false)
  })

  it('takes a connection node-postgres lost without a code for the database away', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
  })
})
