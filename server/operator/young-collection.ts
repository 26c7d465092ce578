/**
 * A collection of V8's young generation, asked for by hand (docs/decisions/0104). The buffers a
 * stream reads and writes are freed only when a collection finds their objects dead, and the
 * server's young generation, grown by its other requests, can hold tens of megabytes of them
 * between two collections. An export asks for one every so many bytes instead, so that what it has
 * sent is given back as it goes. V8 offers that only through `gc`, which `--expose-gc` puts in a new
 * context: the flag is set here, on the first call, not for the whole process at its start.
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Gc = (options: { type: 'minor' }) => void

let gc: Gc | undefined

export function collectYoungGeneration(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as Gc
  }
  gc({ type: 'minor' })
}
