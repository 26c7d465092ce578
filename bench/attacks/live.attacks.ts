// The live stream's and the per-client rates' rows of the attack table (issue 14): streams held
// open from one address, and bursts of requests from one address.
import type { Attack } from './attack.ts'
import { LIVE_PATH, SEED_IMAGE_PATH } from '../../test/attacks/content-attacks.ts'

/** Requests in one copy's burst: 20 copies at once send 2,000, over the default 600 a minute. */
const BURST = 100

/** Opens a stream and holds it, unread, until the benchmark lets go: the status of its answer. */
async function holdStream(url: string, signal: AbortSignal): Promise<number> {
  try {
    const response = await fetch(url, { signal })
    if (response.status !== 200) await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

/** Sends `BURST` requests one after another; the status of the last. */
async function burst(url: string, signal: AbortSignal): Promise<number> {
  let status = 0
  for (let n = 0; n < BURST && !signal.aborted; n++) {
    try {
      const response = await fetch(url, { signal })
      await response.arrayBuffer()
      status = response.status
    } catch {
      status = 0
    }
  }
  return status
}

export const attacks: Attack[] = [
  {
    name: 'live: event streams held open from one address',
    send: (baseUrl, _i, signal) => holdStream(`${baseUrl}${LIVE_PATH}`, signal),
  },
  {
    name: `rate: bursts of ${BURST} image requests from one address`,
    send: (baseUrl, _i, signal) => burst(`${baseUrl}${SEED_IMAGE_PATH}?w=40`, signal),
  },
  {
    name: `rate: bursts of ${BURST} content queries from one address`,
    send: (baseUrl, _i, signal) => burst(`${baseUrl}/v2025-02-19/data/query/production?query=count(*)`, signal),
  },
]
