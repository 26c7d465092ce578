import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeFlagsOf } from './npm-script-flags.ts'

const ROOT = resolve(import.meta.dirname, '..')

describe('the Node flags of an npm script', () => {
  it("are the export command's own, without the developer's .env", () => {
    expect(nodeFlagsOf(ROOT, 'waitlist:export')).toEqual(['--max-semi-space-size=2'])
  })

  it('refuse a script that is not a node command', () => {
    expect(() => nodeFlagsOf(ROOT, 'build')).toThrow(/"build" is not a `node …` command/)
  })
})
