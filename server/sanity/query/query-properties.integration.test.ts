// Whatever a client puts in a query request (the query, its params, the perspective, by GET or
// POST, with or without the token), the content API answers it without a 5xx: a refusal is a 4xx
// in the API's error shape. Queries here are small, so no time limit or queue is reached.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/server/test-server.ts'
import { pageQuery } from '../../../web/src/shared/content/page-query.ts'

const TOKEN = 'property-test-viewer-token-0123'
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ SANITY_VIEWER_TOKEN: TOKEN, CONTENT_QUERY_TIME_LIMIT_MS: '30000' })
})

afterAll(async () => {
  await server?.close()
})

/** Pieces of GROQ, put together at random: mostly nonsense, sometimes a query that runs. */
const groqPiece = fc.constantFrom(
  '*',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '_type == "hero"',
  '$lang',
  '$x',
  '[0]',
  '->',
  '.',
  ',',
  '"a":',
  'count(',
  'order(_id desc)',
  '|',
  '!',
  '-',
  '..',
  '@',
  '^',
  'select(',
  'defined(',
  'pt::text(',
  'sanity::projectId()',
  '"\\u0000"',
  "'",
  '"',
  '1e999',
  ' ',
)
const query = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.array(groqPiece, { maxLength: 40 }).map((pieces) => pieces.join('')),
  fc.constant(pageQuery),
)
const params = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 4 })
const perspective = fc.option(
  fc.oneof(
    fc.string({ maxLength: 50 }),
    fc
      .array(fc.constantFrom('published', 'drafts', 'raw', 'previewDrafts', 'rSpring', '', ' ', '-x', 'a'), { maxLength: 6 })
      .map((names) => names.join(',')),
  ),
  { nil: undefined },
)

async function ask(input: {
  query: string
  params: Record<string, unknown>
  perspective: string | undefined
  token: boolean
  post: boolean
}) {
  const url = new URL(`${server.url}/v2025-02-19/data/query/production`)
  const headers: Record<string, string> = input.token ? { authorization: `Bearer ${TOKEN}` } : {}
  let response: Response
  if (input.post) {
    response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: input.query, params: input.params, perspective: input.perspective }),
    })
  } else {
    url.searchParams.set('query', input.query)
    for (const [name, value] of Object.entries(input.params)) url.searchParams.set(`$${name}`, JSON.stringify(value))
    if (input.perspective !== undefined) url.searchParams.set('perspective', input.perspective)
    response = await fetch(url, { headers })
  }
  const body = (await response.json()) as { result?: unknown; error?: { description?: unknown } }
  return { status: response.status, body }
}

describe('the content API, for any request', () => {
  it('never answers 5xx; a refusal is a 4xx with a description', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ query, params, perspective, token: fc.boolean(), post: fc.boolean() }), async (input) => {
        const { status, body } = await ask(input)
        expect(status).toBeLessThan(500)
        if (status >= 400) expect(typeof body.error?.description).toBe('string')
        else expect(body).toHaveProperty('result')
      }),
      { numRuns: 300 },
    )
  })
})
