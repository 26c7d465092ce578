import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { studioWrites } from './studio-writes.ts'

const EDITOR = {
  token: 'a-local-editor-token-for-tests',
  userId: 'pLocalEditor',
  sanityUserId: 'gLocalEditor',
  roles: ['editor'],
}
const VIEWER_TOKEN = 'a-local-viewer-token-for-tests'

async function writesOverSeed() {
  const seedFile = join(await mkdtemp(join(tmpdir(), 'pulso-studio-writes-')), 'data.ndjson')
  await writeFile(seedFile, `${JSON.stringify({ _id: 'hero', _type: 'hero' })}\n`)
  const app = Fastify()
  await app.register(studioWrites, { dataset: 'production', viewerToken: VIEWER_TOKEN, editors: [EDITOR], seedFile })
  const write = (body: string, token?: string) =>
    app.inject({
      method: 'POST',
      url: '/v2025-02-19/data/mutate/production',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body,
    })
  return { seedFile, write }
}

describe('content writes through the stand-in for Sanity’s mutate endpoint', () => {
  it('takes a document with a megabyte of text from the editor, as hosted Sanity takes up to 4 MB a request', async () => {
    const { seedFile, write } = await writesOverSeed()
    const text = 'a'.repeat(1_000_000)
    const answer = await write(JSON.stringify({ mutations: [{ patch: { id: 'hero', set: { badge: text } } }] }), EDITOR.token)
    expect(answer.statusCode).toBe(200)
    expect(JSON.parse(await readFile(seedFile, 'utf8'))).toEqual({ _id: 'hero', _type: 'hero', badge: text })
    expect((await write(JSON.stringify({ mutations: [], padding: 'a'.repeat(4_000_000) }), EDITOR.token)).statusCode).toBe(413)
  })

  it('answers anyone else from the headers: a body that is not even JSON is never read', async () => {
    const { write } = await writesOverSeed()
    expect((await write('{not json'.repeat(100_000))).statusCode).toBe(401)
    expect((await write('{not json'.repeat(100_000), VIEWER_TOKEN)).statusCode).toBe(403)
    expect((await write('{not json', EDITOR.token)).statusCode).toBe(400)
  })
})
