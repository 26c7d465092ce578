import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLocalDatasetSource } from '../sanity/local-dataset.ts'
import { localPageContent } from './page-content.ts'

async function seedWithHeadline(dir: string, headline: string) {
  const text = (words: string) => ({ _type: 'localeString', pt: words, en: words })
  const doc = {
    _id: 'hero',
    _type: 'hero',
    headline: {
      _type: 'experimentLocaleString',
      default: text(headline),
      experimentId: 'experiment-1',
      variants: [
        { _key: 'b', _type: 'variantLocaleString', experimentId: 'experiment-1', variantId: 'b', value: text('Variante B') },
      ],
    },
  }
  await writeFile(join(dir, 'data.ndjson'), `${JSON.stringify(doc)}\n`)
}

describe('localPageContent', () => {
  it('answers the page query from the seed and follows edits to it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulso-page-content-'))
    await seedWithHeadline(dir, 'Primeira versão')
    const content = localPageContent(
      createLocalDatasetSource({ seedDir: dir, projectId: 'local', dataset: 'production' }),
      () => undefined,
    )

    const first = await content()
    expect(first?.hero?.headline?.pt).toBe('Primeira versão')
    // The same dataset version gives the very same evaluated content.
    expect(await content()).toBe(first)

    // A longer file: the edit shows in the file's size even within the file system's mtime resolution.
    await seedWithHeadline(dir, 'Segunda versão, mais longa')
    expect((await content())?.hero?.headline?.pt).toBe('Segunda versão, mais longa')
  })

  it('answers each set of arms with its variants, the same object while the seed holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulso-page-content-'))
    await seedWithHeadline(dir, 'Padrão')
    const content = localPageContent(
      createLocalDatasetSource({ seedDir: dir, projectId: 'local', dataset: 'production' }),
      () => undefined,
    )
    const inB = await content(['experiment-1:b'])
    expect(inB?.hero?.headline?.pt).toBe('Variante B')
    expect(await content(['experiment-1:b'])).toBe(inB)
    expect((await content(['experiment-1:default']))?.hero?.headline?.pt).toBe('Padrão')
    expect((await content())?.hero?.headline?.pt).toBe('Padrão')
  })

  it('drops a wrong field of the seed for its fallback, and says which, the same object while the seed holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulso-page-content-'))
    const hero = {
      _id: 'hero',
      _type: 'hero',
      oldWayPoints: 'a text where a list goes',
      badge: { _type: 'localeString', pt: 'Novo' },
    }
    await writeFile(join(dir, 'data.ndjson'), `${JSON.stringify(hero)}\n`)
    const lines: unknown[][] = []
    const content = localPageContent(
      createLocalDatasetSource({ seedDir: dir, projectId: 'local', dataset: 'production' }),
      (...line) => lines.push(line),
    )
    const first = await content()
    expect(first?.hero?.oldWayPoints).toBeNull()
    expect(first?.hero?.badge).toEqual({ _type: 'localeString', pt: 'Novo' })
    expect(await content()).toBe(first)
    expect(await content.problems()).toEqual([
      { document: { type: 'hero', id: 'hero' }, field: 'oldWayPoints', expected: 'array' },
    ])
    expect(lines).toEqual([
      [
        'warn',
        'content problems in the page: wrong values dropped for their fallbacks',
        { problems: ['hero/hero oldWayPoints: expected array'] },
      ],
    ])
  })
})
