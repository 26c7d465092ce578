// The image endpoint's rows of the attack table (issue 14): renders over the budget (refused at
// once), the costliest renders it allows, clients that hang up mid-render, identical renders, and
// parameters that used to be 500s.
import type { Attack } from './attack.ts'
import {
  costliestRenderPath,
  FORMER_500_QUERIES,
  hostileRenderPath,
  SEED_IMAGE_PATH,
} from '../../test/attacks/content-attacks.ts'

/** Numbers every request of every row, so that no render comes from the cache unless a row wants it. */
let sent = 0

async function statusOf(url: string, signal: AbortSignal): Promise<number> {
  try {
    const response = await fetch(url, { signal })
    await response.arrayBuffer()
    return response.status
  } catch {
    return 0
  }
}

/** Hangs up 0.3 s after sending: the status if the answer came first, else 0. */
async function hangUp(url: string, signal: AbortSignal): Promise<number> {
  const impatient = AbortSignal.any([signal, AbortSignal.timeout(300)])
  return statusOf(url, impatient)
}

export const attacks: Attack[] = [
  {
    name: 'image: 4096² AVIF q=100 fill, a new colour each',
    send: (baseUrl, _i, signal) => statusOf(`${baseUrl}${hostileRenderPath((sent += 1))}`, signal),
  },
  {
    name: 'image: 4096² AVIF q=100 fill, client hangs up after 0.3 s',
    send: (baseUrl, _i, signal) => hangUp(`${baseUrl}${hostileRenderPath((sent += 1))}`, signal),
  },
  {
    name: 'image: 2828² WebP q=100 fill (the costliest allowed), a new colour each',
    send: (baseUrl, _i, signal) => statusOf(`${baseUrl}${costliestRenderPath((sent += 1))}`, signal),
  },
  {
    name: 'image: 2828² WebP q=100 fill, client hangs up after 0.3 s',
    send: (baseUrl, _i, signal) => hangUp(`${baseUrl}${costliestRenderPath((sent += 1))}`, signal),
  },
  {
    name: 'image: the same 4096² WebP render, all copies at once',
    send: (baseUrl, _i, signal) => statusOf(`${baseUrl}${costliestRenderPath(-1)}`, signal),
  },
  ...FORMER_500_QUERIES.map((query): Attack => ({
    name: `image: ?${query}`,
    send: (baseUrl, _i, signal) => statusOf(`${baseUrl}${SEED_IMAGE_PATH}?${query}`, signal),
  })),
]
