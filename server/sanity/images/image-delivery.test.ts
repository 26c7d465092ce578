import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createImageDelivery, ImageBusyError } from './image-delivery.ts'
import { ImageParamError } from './image-params.ts'
import type { LocalImageFile } from '../local-dataset.ts'

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

let dir: string
let image: LocalImageFile
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'image-delivery-'))
  const filePath = path.join(dir, 'portrait.png')
  await copyFile(path.resolve(import.meta.dirname, '../../../studio/seed/images/avatar-rafael-carvalho.png'), filePath)
  image = { filePath, extension: 'png', mimeType: 'image/png', size: 0, width: 400, height: 400 }
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const avatar = { w: '56', h: '56', fit: 'crop', auto: 'format' }
/** A client that stays. */
const signal = new AbortController().signal
const at = (w: string) => ({ fileName: 'a-400x400.png', image, query: { w }, accept: undefined, signal })
const widthOf = async (response: Promise<{ bytes: Buffer }>) => (await sharp((await response).bytes).metadata()).width

describe('createImageDelivery', () => {
  it('renders the format the Accept header allows, and says the answer varies by it', async () => {
    const deliver = createImageDelivery()
    const avif = await deliver({ fileName: 'a-400x400.png', image, query: avatar, accept: CHROME_ACCEPT, signal })
    expect(avif).toMatchObject({ mimeType: 'image/avif', variesByAccept: true })
    expect(await sharp(avif.bytes).metadata()).toMatchObject({ compression: 'av1', width: 56, height: 56 })

    const png = await deliver({ fileName: 'a-400x400.png', image, query: avatar, accept: undefined, signal })
    expect(png).toMatchObject({ mimeType: 'image/png', variesByAccept: true })

    const fixed = await deliver({
      fileName: 'a-400x400.png',
      image,
      query: { w: '56', fm: 'webp' },
      accept: CHROME_ACCEPT,
      signal,
    })
    expect(fixed).toMatchObject({ mimeType: 'image/webp', variesByAccept: false })
  })

  it('answers a repeated request from memory, but reads originals from disk each time', async () => {
    const deliver = createImageDelivery()
    const request = { fileName: 'a-400x400.png', image, query: avatar, accept: 'image/webp', signal }
    const first = await deliver(request)
    await rm(image.filePath)
    expect((await deliver(request)).bytes).toBe(first.bytes)
    // Another format of the same size is another entry.
    await expect(deliver({ ...request, accept: CHROME_ACCEPT, signal })).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(deliver({ ...request, query: {} })).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('keeps no more entries than its limit, dropping the least recently used', async () => {
    const deliver = createImageDelivery(undefined, { maxEntries: 2, maxBytes: 1024 * 1024 })
    await deliver(at('10'))
    await deliver(at('20'))
    await deliver(at('10')) // now 20 is the least recently used
    await deliver(at('30'))
    await rm(image.filePath)
    expect(await widthOf(deliver(at('10')))).toBe(10)
    expect(await widthOf(deliver(at('30')))).toBe(30)
    await expect(deliver(at('20'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('keeps no more bytes than its limit, and never a render bigger than all of it', async () => {
    const sizeOf = async (w: string) => (await createImageDelivery()(at(w))).bytes.byteLength
    const small = await sizeOf('10')
    const large = await sizeOf('20')

    const deliver = createImageDelivery(undefined, { maxEntries: 100, maxBytes: small + large - 1 })
    await deliver(at('10'))
    await deliver(at('20'))
    const tooBig = createImageDelivery(undefined, { maxEntries: 100, maxBytes: small - 1 })
    await tooBig(at('10'))
    await rm(image.filePath)
    expect(await widthOf(deliver(at('20')))).toBe(20)
    await expect(deliver(at('10'))).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(tooBig(at('10'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses bad parameters before touching the file', async () => {
    const deliver = createImageDelivery()
    await rm(image.filePath)
    await expect(
      deliver({ fileName: 'a-400x400.png', image, query: { fit: 'cover' }, accept: undefined, signal }),
    ).rejects.toThrow(ImageParamError)
  })
})

describe('the bounds on renders', () => {
  /** Room for a 1000² WebP, a 200² AVIF at its default quality, or a 105² AVIF at quality 100. */
  const bounds = { atOnce: 1, queued: 0, maxCost: 1e6, timeoutSeconds: 10 }
  const ask = (query: Record<string, string>, accept?: string) => ({
    fileName: 'a-400x400.png',
    image,
    query,
    accept,
    signal,
  })

  it('refuses a render over its cost before touching the file, naming the size and the format', async () => {
    const deliver = createImageDelivery(bounds)
    await rm(image.filePath)
    await expect(deliver(ask({ w: '1001', h: '1000', fit: 'fill', fm: 'webp' }))).rejects.toThrow(
      /1001x1000 WEBP is more than this server renders at once/,
    )
    await expect(deliver(ask({ w: '201', h: '200', fit: 'fill', fm: 'avif' }))).rejects.toThrow(ImageParamError)
    await expect(deliver(ask({ w: '106', h: '105', fit: 'fill', fm: 'avif', q: '100' }))).rejects.toThrow(ImageParamError)
  })

  it('renders what fits the budget exactly, and lets auto=format fall back from AVIF to WebP', async () => {
    const deliver = createImageDelivery(bounds)
    const webp = await deliver(ask({ w: '1000', h: '1000', fit: 'fill', fm: 'webp' }))
    expect(await sharp(webp.bytes).metadata()).toMatchObject({ format: 'webp', width: 1000, height: 1000 })
    const auto = await deliver(ask({ w: '400', h: '400', fit: 'fill', auto: 'format' }, CHROME_ACCEPT))
    expect(auto).toMatchObject({ mimeType: 'image/webp', variesByAccept: true })
  })

  it('answers identical requests from one render', async () => {
    const deliver = createImageDelivery(bounds)
    const [first, second] = await Promise.all([deliver(at('30')), deliver(at('30'))])
    expect(second?.bytes).toBe(first?.bytes)
  })

  it('says it is busy when renders are backed up beyond its queue, and serves originals meanwhile', async () => {
    const deliver = createImageDelivery(bounds)
    const running = deliver(at('40'))
    await expect(deliver(at('50'))).rejects.toThrow(ImageBusyError)
    expect((await deliver(at('400'))).mimeType).toBe('image/png')
    expect(await widthOf(running)).toBe(40)
  })

  it('stops waiting for a client that hung up', async () => {
    const deliver = createImageDelivery(bounds)
    const client = new AbortController()
    const answer = deliver({ ...at('60'), signal: client.signal })
    client.abort(new Error('the client hung up'))
    await expect(answer).rejects.toThrow('the client hung up')
  })
})
