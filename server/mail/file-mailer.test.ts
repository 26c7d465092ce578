import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFileMailer } from './file-mailer.ts'

describe('createFileMailer', () => {
  let directory: string | undefined
  afterEach(async () => {
    if (directory) await rm(directory, { recursive: true, force: true })
  })

  it('writes each message as one whole .eml named for its recipient, and nothing else', async () => {
    directory = await mkdtemp(join(tmpdir(), 'pulso-file-mailer-'))
    const written: string[] = []
    const mailer = createFileMailer(join(directory, 'mail'), (path) => written.push(path))
    await mailer.send({
      from: 'Pulso <boas-vindas@pulso.app>',
      to: 'ana@example.com',
      subject: 'Olá',
      text: 'Olá, Ana!',
      html: '<p>Olá, Ana!</p>',
    })

    const files = await readdir(join(directory, 'mail'))
    expect(files).toEqual([expect.stringMatching(/^\d{4}-.*-ana@example\.com\.eml$/)])
    expect(written).toEqual([join(directory, 'mail', files[0] ?? '')])
    const eml = await readFile(written[0] ?? '', 'utf8')
    expect(eml).toMatch(/^To: ana@example\.com$/m)
    expect(eml).toMatch(/^Subject: =\?UTF-8\?Q\?Ol=C3=A1\?=$/m)
  })
})
