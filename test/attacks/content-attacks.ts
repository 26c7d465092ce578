// The hostile requests on the image endpoint and the live stream (issue 14), shared by the attack
// test (server/sanity/content-attacks.integration.test.ts) and the attack benchmark's rows.

/** The seed's sharing image, 1200×630: its URL is its content's SHA-1 and size. */
export const SEED_IMAGE_PATH = '/images/local/production/c19598c81caa1eb31baee61fc8dd2c6a6560b22c-1200x630.png'

/** The live event stream the page listens on. */
export const LIVE_PATH = '/v2025-02-19/data/live/events/production'

/** A colour for the `n`th request, so that no answer comes from the cache. */
const colour = (n: number) => ((0x102030 + n * 7919) % 0xffffff).toString(16).padStart(6, '0')

/** A 4096² AVIF at quality 100: about 40 s of CPU before renders had a budget. */
export const hostileRenderPath = (n: number) => `${SEED_IMAGE_PATH}?w=4096&h=4096&fit=fill&fm=avif&q=100&bg=${colour(n)}`

/** The costliest render the default budget allows: a 2828² WebP, about 0.6 s of CPU here. */
export const costliestRenderPath = (n: number) => `${SEED_IMAGE_PATH}?w=2828&h=2828&fit=fill&fm=webp&q=100&bg=${colour(n)}`

/** Parameters that used to answer 500 with sharp's message. */
export const FORMER_500_QUERIES = ['fit=min&w=1&h=4096', 'fit=crop&w=4096&h=1', 'fm=jpg&q=0', 'fm=avif&q=0&w=50']
