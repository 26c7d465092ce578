import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLocalDatasetSource } from '../sanity/local-dataset.ts'
import { HOME_PAGE_ID } from '../../schemas/page-paths.ts'
import { localPageContent } from './page-content.ts'
import { findSection } from '../../test/web/content-fixtures.ts'

/** A seed of one document: the home page, with these sections. */
const homePage = (...sections: Record<string, unknown>[]) => ({ _id: HOME_PAGE_ID, _type: 'page', sections })

async function seedWithHeadline(dir: string, headline: string) {
  const text = (words: string) => ({ _type: 'localeString', pt: words, en: words })
  const hero = {
    _key: 'hero',
    _type: 'heroSection',
    headline: {
      _type: 'experimentLocaleString',
      default: text(headline),
      experimentId: 'experiment-1',
      variants: [
        { _key: 'b', _type: 'variantLocaleString', experimentId: 'experiment-1', variantId: 'b', value: text('Variante B') },
      ],
    },
  }
  await writeFile(join(dir, 'data.ndjson'), `${JSON.stringify(homePage(hero))}\n`)
}

describe('localPageContent', () => {
  it('answers the page query from the seed and follows edits to it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulso-page-content-'))
    await seedWithHeadline(dir, 'Primeira versão')
    const content = localPageContent(
      createLocalDatasetSource({ seedDir: dir, projectId: 'local', dataset: 'production' }),
      () => undefined,
    )

    const first = await content(HOME_PAGE_ID)
    expect(findSection(first, 'hero')?.headline?.pt).toBe('Primeira versão')
    // The same dataset version gives the very same evaluated content.
    expect(await content(HOME_PAGE_ID)).toBe(first)

    // A longer file: the edit shows in the file's size even within the file system's mtime resolution.
    await seedWithHeadline(dir, 'Segunda versão, mais longa')
    expect(findSection(await content(HOME_PAGE_ID), 'hero')?.headline?.pt).toBe('Segunda versão, mais longa')
  })

  it('answers each set of arms with its variants, the same object while the seed holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulso-page-content-'))
    await seedWithHeadline(dir, 'Padrão')
    const content = localPageContent(
      createLocalDatasetSource({ seedDir: dir, projectId: 'local', dataset: 'production' }),
      () => undefined,
    )
    const inB = await content(HOME_PAGE_ID, ['experiment-1:b'])
    expect(findSection(inB, 'hero')?.headline?.pt).toBe('Variante B')
    expect(await content(HOME_PAGE_ID, ['experiment-1:b'])).toBe(inB)
    expect(findSection(await content(HOME_PAGE_ID, ['experiment-1:default']), 'hero')?.headline?.pt).toBe('Padrão')
    expect(findSection(await content(HOME_PAGE_ID), 'hero')?.headline?.pt).toBe('Padrão')
  })

  it('drops a wrong field of the seed for its fallback, and says which, the same object while the seed holds', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pulso-page-content-'))
    const hero = {
      _key: 'hero',
      _type: 'heroSection',
      oldWayPoints: 'a text where a list goes',
      badge: { _type: 'localeString', pt: 'Novo' },
    }
    await writeFile(join(dir, 'data.ndjson'), `${JSON.stringify(homePage(hero))}\n`)
    const lines: unknown[][] = []
    const content = localPageContent(
      createLocalDatasetSource({ seedDir: dir, projectId: 'local', dataset: 'production' }),
      (...line) => lines.push(line),
    )
    const first = await content(HOME_PAGE_ID)
    expect(findSection(first, 'hero')?.oldWayPoints ?? null).toBeNull()
    expect(findSection(first, 'hero')?.badge).toEqual({ _type: 'localeString', pt: 'Novo' })
    expect(await content(HOME_PAGE_ID)).toBe(first)
    expect(await content.problems()).toEqual([
      { document: { type: 'page', id: HOME_PAGE_ID }, field: 'sections[_key=="hero"].oldWayPoints', expected: 'array' },
    ])
    expect(lines).toEqual([
      [
        'warn',
        `content problems in the page ${HOME_PAGE_ID}: wrong values dropped for their fallbacks`,
        { problems: [`page/${HOME_PAGE_ID} sections[_key=="hero"].oldWayPoints: expected array`] },
      ],
    ])
  })
})
