import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createImageDelivery } from './image-delivery.ts'
import { ImageParamError } from './image-params.ts'
import type { LocalImageFile } from './local-dataset.ts'

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

let dir: string
let image: LocalImageFile
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'image-delivery-'))
  const filePath = path.join(dir, 'portrait.png')
  await copyFile(path.resolve(import.meta.dirname, '../../studio/seed/images/avatar-rafael-carvalho.png'), filePath)
  image = { filePath, extension: 'png', mimeType: 'image/png', size: 0, width: 400, height: 400 }
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const avatar = { w: '56', h: '56', fit: 'crop', auto: 'format' }
/** A client that stays. */
const signal = new AbortController().signal

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

  const at = (w: string) => ({ fileName: 'a-400x400.png', image, query: { w }, accept: undefined, signal })
  const widthOf = async (response: Promise<{ bytes: Buffer }>) => (await sharp((await response).bytes).metadata()).width

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
