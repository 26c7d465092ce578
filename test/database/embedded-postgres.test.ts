// The test run's own exit code survives the embedded PostgreSQL package: a run whose tests failed
// must end non-zero, or CI reads red as green.
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

const exitCodeOf = (script: string) =>
  new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' })
    child.once('error', reject)
    child.once('exit', (code) => resolve(code))
  })

describe('embedded-postgres.ts', () => {
  it('leaves a process that set its exit code to end with it', async () => {
    const module = new URL('./embedded-postgres.ts', import.meta.url).href
    expect(await exitCodeOf(`await import(${JSON.stringify(module)}); process.exitCode = 3`)).toBe(3)
  })
})
