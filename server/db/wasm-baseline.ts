import { setFlagsFromString } from 'node:v8'

/**
 * V8 compiles WebAssembly with its baseline compiler (Liftoff) and recompiles the functions a
 * workload makes hot with its optimizing one (TurboFan), on background threads. For PGlite's
 * pglite.wasm that recompilation costs a short-lived process more than it gives back: 500 MB of
 * memory at its peak and CPU while it starts (docs/decisions/0094-pglite-baseline-wasm.md).
 * `--liftoff-only` alone does not hold once V8 runs (its implications are drawn at start-up only),
 * hence the two it implies.
 */
const BASELINE_ONLY = '--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering'

/**
 * From now on this process compiles WebAssembly with the baseline compiler only: V8's flags hold
 * for the whole process, its worker threads included, and only for modules compiled after this.
 * Called before the embedded database opens (a worker's execArgv admits no V8 flag).
 */
export function compileWasmBaselineOnly(): void {
  setFlagsFromString(BASELINE_ONLY)
}
