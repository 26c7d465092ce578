import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFileMailer, fileNameFor } from './file-mailer.ts'

const message = (to: string) => ({ from: 'boas-vindas@pulso.app', to, subject: 'Olá', text: 'Olá', html: '<p>Olá</p>' })
const longest = (tag: string) => `${tag}${'a'.repeat(64 - tag.length)}@${'b'.repeat(185)}.com` // 254 characters

describe('createFileMailer', () => {
  let dir: string
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'pulso-mail-'))))
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('names a file after the time and the recipient, so the welcome is found by its address', async () => {
    const written: string[] = []
    await createFileMailer(dir, (path) => written.push(path)).send(message('ana@empresa.com'))
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(/\/\d{4}-\d{2}-\d{2}T[\d-]+Z-ana@empresa\.com\.eml$/)
    expect(await readFile(written[0] ?? '', 'utf8')).toContain('Subject: =?UTF-8?Q?Ol=C3=A1?=')
  })

  it('writes the longest valid addresses, each to a file of its own', async () => {
    const mailer = createFileMailer(dir, () => undefined)
    const addresses = [longest('x'), longest('y'), `${'c'.repeat(200)}@e.com`]
    for (const to of addresses) await mailer.send(message(to))
    const files = await readdir(dir)
    expect(files).toHaveLength(3)
    expect(files.every((file) => Buffer.byteLength(file) <= 255)).toBe(true)
  })

  it('tells two long addresses that share their beginning apart', () => {
    const at = new Date('2026-11-23T10:00:00.000Z')
    const [first, second] = [longest('same'), `${longest('same').slice(0, -5)}z.com`]
    expect(first).not.toBe(second)
    expect(fileNameFor(first, at)).not.toBe(fileNameFor(second, at))
    expect(fileNameFor('ana@empresa.com', at)).toBe('2026-11-23T10-00-00-000Z-ana@empresa.com.eml')
  })
})
