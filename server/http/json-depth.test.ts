import { describe, expect, it } from 'vitest'
import { jsonTextNestsDeeperThan, nestsDeeperThan } from './json-depth.ts'

const nested = (levels: number) => {
  let value: unknown = 'x'
  for (let i = 0; i < levels; i++) value = [value]
  return value
}

describe('nestsDeeperThan', () => {
  it('counts the levels of arrays and objects, not of scalars', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false)
    expect(nestsDeeperThan(nested(3), 3)).toBe(false)
    expect(nestsDeeperThan(nested(4), 3)).toBe(true)
    expect(nestsDeeperThan({ a: { b: [1] } }, 3)).toBe(false)
    expect(nestsDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true)
  })

  it('checks a value nested 100,000 levels deep without running out of stack', () => {
    expect(nestsDeeperThan(nested(100_000), 16)).toBe(true)
  })
})

describe('jsonTextNestsDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonTextNestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false)
    expect(jsonTextNestsDeeperThan('{"a":[1,{"b":[2]}]}', 3)).toBe(true)
    expect(jsonTextNestsDeeperThan('{"a":"[[[[[[[[{{{{"}', 1)).toBe(false)
    expect(jsonTextNestsDeeperThan(String.raw`{"a":"\\\"[[[["}`, 1)).toBe(false)
    expect(jsonTextNestsDeeperThan(String.raw`{"a":"\\"}[[[`, 1)).toBe(true)
  })

  it('agrees with the parsed value on what the parser accepts', () => {
    for (const levels of [0, 1, 2, 5]) {
      for (const text of ['1', '[]', '[[1]]', '{"a":{"b":[]}}', JSON.stringify(nested(6))]) {
        expect(jsonTextNestsDeeperThan(text, levels)).toBe(nestsDeeperThan(JSON.parse(text), levels))
      }
    }
  })
})
