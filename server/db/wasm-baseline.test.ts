import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/**
 * A fresh process (V8's flags hold for a whole process) runs a small WebAssembly function hot and
 * says which compiler's code it runs: `%IsTurboFanFunction` is V8's own answer, under
 * --allow-natives-syntax. With the baseline only, 20 million calls (where V8 tiers up within the
 * first few hundred thousand) stay on Liftoff; without it the calls go on until TurboFan's code is in.
 */
const HOT_FUNCTION = (baselineOnly: boolean) => `
  import { setFlagsFromString } from 'node:v8'
  import { compileWasmBaselineOnly } from ${JSON.stringify(new URL('./wasm-baseline.ts', import.meta.url).href)}
  if (${baselineOnly}) compileWasmBaselineOnly()
  setFlagsFromString('--allow-natives-syntax')
  // (module (func (export "f") (param i32) (result i32) local.get 0 i32.const 1 i32.add))
  const bytes = new Uint8Array([0,97,115,109,1,0,0,0,1,6,1,96,1,127,1,127,3,2,1,0,7,5,1,1,102,0,0,10,9,1,7,0,32,0,65,1,106,11])
  const { instance } = await WebAssembly.instantiate(bytes)
  const optimized = new Function('f', 'return %IsTurboFanFunction(f)')
  const rounds = ${baselineOnly} ? 200 : Infinity
  let round = 0
  for (; round < rounds && !optimized(instance.exports.f); round += 1) {
    for (let i = 0; i < 100_000; i += 1) instance.exports.f(i)
    // TurboFan compiles on a background thread: its code comes in between two turns of the loop.
    await new Promise((done) => setImmediate(done))
  }
  console.log(JSON.stringify({ optimized: optimized(instance.exports.f), rounds: round }))
`

async function tierAfterHotCalls(baselineOnly: boolean): Promise<{ optimized: boolean; rounds: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', HOT_FUNCTION(baselineOnly)])
  return JSON.parse(stdout) as { optimized: boolean; rounds: number }
}

describe('compileWasmBaselineOnly', () => {
  it('keeps a hot WebAssembly function on the baseline compiler, where V8 would optimize it', async () => {
    expect(await tierAfterHotCalls(false)).toMatchObject({ optimized: true })
    expect(await tierAfterHotCalls(true)).toEqual({ optimized: false, rounds: 200 })
  })
})
