// Any query an image URL can carry gets an image or a 4xx that says what is wrong, never a 5xx:
// whatever the parser accepts renders, and whatever it does not is refused. Run against the image
// route in this process, over the real seed's images, with a small render budget so each case is quick.
import { resolve } from 'node:path'
import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentRoutes } from '../content-routes.ts'
import { createLocalDatasetSource } from '../local-dataset.ts'

const IMAGES = [
  '/images/local/production/c19598c81caa1eb31baee61fc8dd2c6a6560b22c-1200x630.png',
  '/images/local/production/8296d0388b279623867768d8893b10cb19fb5b51-400x400.png',
]

let app: FastifyInstance
beforeAll(async () => {
  const source = createLocalDatasetSource({
    seedDir: resolve(import.meta.dirname, '../../../studio/seed'),
    projectId: 'local',
    dataset: 'production',
  })
  app = Fastify()
  await app.register(contentRoutes, {
    getDataset: () => source.get(),
    projectId: 'local',
    dataset: 'production',
    images: { atOnce: 2, queued: 100, maxCost: 2e6, timeoutSeconds: 30 },
  })
})
afterAll(() => app.close())

/**
 * Valid values, the edge cases just past them, and now and then anything at all: mostly valid,
 * so that most cases get as far as a render.
 */
const anyOf = (valid: string[], invalid: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 40 },
    { arbitrary: fc.constantFrom(...invalid), weight: 2 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  )
const size = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 4096 }).map(String), weight: 40 },
  { arbitrary: fc.constantFrom('1', '4096'), weight: 2 },
  { arbitrary: fc.constantFrom('4097', '0', '-1', '1.5', '1e3', ' 7', '0x10', ''), weight: 1 },
)
const pixel = fc.integer({ min: 0, max: 400 }).map(String)
const fraction = anyOf(['0', '1', '0.5', '.25', '0.999'], ['1.01', '-0', 'NaN'])
const rect = fc.oneof(
  { arbitrary: fc.tuple(pixel, pixel, size, size).map((parts) => parts.join(',')), weight: 40 },
  { arbitrary: fc.constantFrom('0,0,0,0', '1,2,3', '1,2,3,4,5', '0,0,-1,1'), weight: 2 },
)
const query = fc.record(
  {
    w: size,
    h: size,
    dpr: anyOf(['1', '2', '3', '1.5', '2.75'], ['0', '4', '3.0001']),
    fit: anyOf(['clip', 'crop', 'fill', 'fillmax', 'max', 'min', 'scale'], ['cover']),
    fm: anyOf(['jpg', 'pjpg', 'png', 'webp', 'avif'], ['gif', 'JPG']),
    q: fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 100 }).map(String), weight: 40 },
      { arbitrary: fc.constantFrom('-1', '101', '50.5'), weight: 2 },
    ),
    crop: anyOf(['top', 'bottom,left', 'center', 'focalpoint', 'entropy', 'top,right,left', 'right'], ['top,,left', 'middle']),
    'fp-x': fraction,
    'fp-y': fraction,
    bg: anyOf(['fff', '8fff', '123456', '80ff0000'], ['zzz', '12345']),
    auto: anyOf(['format'], ['compress']),
    rect,
  },
  { requiredKeys: [] },
)
const accept = fc.constantFrom(undefined, 'image/avif,image/webp,*/*', 'image/webp', '*/*', 'image/avif;q=0')

describe('image parameters', () => {
  it('never answer 5xx: an image, or a 4xx with a description', async () => {
    const statuses: number[] = []
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...IMAGES), query, accept, async (image, params, acceptHeader) => {
        const response = await app.inject({
          url: `${image}?${new URLSearchParams(params).toString()}`,
          headers: acceptHeader ? { accept: acceptHeader } : {},
        })
        statuses.push(response.statusCode)
        expect(response.statusCode, `${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(500)
        if (response.statusCode === 200) expect(response.headers['content-type']).toMatch(/^image\//)
        else expect(response.json()).toMatchObject({ error: { description: expect.any(String) } })
      }),
      { numRuns: 300 },
    )
    // The cases reached the renderer, not only the parser.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(statuses.length / 4)
  }, 120_000)
})
