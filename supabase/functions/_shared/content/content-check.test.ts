import { describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { evaluate, parse } from 'groq-js'
import type { MailCopyQueryResult } from '../../../../schemas/sanity.types.ts'
import { mailCopyQuery } from '../delivery/mail-copy-query.ts'
import { mailCopyQueryParser } from '../delivery/mail-copy-query.parser.ts'
import { privacyNoteVersionQueryParser } from '../welcome/privacy-note-version-query.parser.ts'
import { contentChecker, MAX_PROBLEMS, uniqueProblems } from './content-check.ts'
import { conformContent } from './content-parser.ts'

const checkMail = contentChecker(mailCopyQueryParser)
/** The mail copy query's answer over the seed, as the content API gives it (a fresh copy each time). */
async function seedMail(): Promise<MailCopyQueryResult> {
  const seed = await readFile(new URL('../../../../studio/seed/data.ndjson', import.meta.url), 'utf8')
  const dataset = seed.split('\n').flatMap((line) => (line.trim() ? [JSON.parse(line) as unknown] : []))
  return (await (await evaluate(parse(mailCopyQuery), { dataset })).get()) as MailCopyQueryResult
}
/** The answer with `change` made to a copy of it: hostile values are not what its type says. */
const hostile = async (change: (answer: Record<string, Record<string, unknown>>) => void) => {
  const answer = (await seedMail()) as unknown as Record<string, Record<string, unknown>>
  change(answer)
  return answer
}

describe('contentChecker', () => {
  it('finds no problem in the seed, and gives its answer as it is', async () => {
    const answer = await seedMail()
    expect(checkMail(answer)).toEqual({ content: answer, problems: [] })
  })

  it('drops a wrong field for null, keeping every other field of the document', async () => {
    const answer = await hostile((mail) => {
      mail['settings'] = { ...mail['settings'], brandName: { pt: 'Pulso' } }
      mail['email'] = { ...mail['email'], subject: 'a text where a localized text goes' }
    })
    const { content, problems } = checkMail(answer)
    expect(content?.settings?.brandName).toBeNull()
    expect(content?.settings?.email).toBe((await seedMail()).settings?.email)
    expect(content?.email?.subject).toBeNull()
    expect(content?.email?.greeting).toEqual((await seedMail()).email?.greeting)
    expect(problems).toEqual([
      { document: { type: 'siteSettings', id: 'siteSettings' }, field: 'brandName', expected: 'string' },
      { document: { type: 'welcomeEmail', id: 'welcomeEmail' }, field: 'subject', expected: 'object' },
    ])
  })

  it('drops a wrong language of a text, and keeps the other', async () => {
    const answer = await hostile((mail) => {
      mail['email'] = { ...mail['email'], subject: { _type: 'localeString', pt: [1], en: 'Welcome' } }
    })
    const { content, problems } = checkMail(answer)
    expect(content?.email?.subject).toEqual({ _type: 'localeString', en: 'Welcome' })
    expect(problems).toEqual([
      { document: { type: 'welcomeEmail', id: 'welcomeEmail' }, field: 'subject.pt', expected: 'string' },
    ])
  })

  it('reads a localized text whose _type a script left out, as the schema types it, and says so', async () => {
    const answer = await hostile((mail) => {
      mail['email'] = { ...mail['email'], subject: { pt: 'Olá', en: 'Hello' } }
    })
    const { content, problems } = checkMail(answer)
    expect(content?.email?.subject).toEqual({ _type: 'localeString', pt: 'Olá', en: 'Hello' })
    expect(problems).toEqual([
      { document: { type: 'welcomeEmail', id: 'welcomeEmail' }, field: 'subject._type', expected: '"localeString"' },
    ])
  })

  it('drops a wrong list item, keeping the rest of the list in order', async () => {
    const seed = await seedMail()
    const paragraphs = seed.email?.paragraphs ?? []
    expect(paragraphs.length).toBeGreaterThan(0)
    const answer = await hostile((mail) => {
      mail['email'] = { ...mail['email'], paragraphs: [{ pt: null }, 5, ...paragraphs, 'text', null] }
    })
    const { content, problems } = checkMail(answer)
    expect(content?.email?.paragraphs).toEqual(paragraphs)
    expect(problems.map((problem) => problem.field)).toEqual([
      'paragraphs[0]._type',
      'paragraphs[0].pt',
      'paragraphs[0]._key',
      'paragraphs[1]',
      `paragraphs[${paragraphs.length + 2}]`,
      `paragraphs[${paragraphs.length + 3}]`,
    ])
  })

  it('drops a list that is not one, and a number where a number is not', async () => {
    const answer = await hostile((mail) => {
      mail['referrals'] = { ...mail['referrals'], milestones: 'ten friends', placesPerReferral: '10' }
    })
    const { content, problems } = checkMail(answer)
    expect(content?.referrals?.milestones).toBeNull()
    expect(content?.referrals?.placesPerReferral).toBeNull()
    expect(problems).toEqual([
      { document: { type: 'referralSettings', id: 'referralSettings' }, field: 'placesPerReferral', expected: 'number' },
      { document: { type: 'referralSettings', id: 'referralSettings' }, field: 'milestones', expected: 'array' },
    ])
  })

  it('falls back for the whole answer when it is not the query’s object, and names no document', () => {
    expect(checkMail('not an object')).toEqual({ content: undefined, problems: [{ field: '', expected: 'object' }] })
    expect(checkMail(null).content).toBeUndefined()
  })

  it('names the document of an answer that is one field of it', () => {
    const checkVersion = contentChecker(privacyNoteVersionQueryParser)
    expect(checkVersion('2026-01')).toEqual({ content: '2026-01', problems: [] })
    expect(checkVersion({ v: 1 })).toEqual({
      content: null,
      problems: [{ document: { type: 'privacyNote', id: 'privacyNote' }, field: 'version', expected: 'string' }],
    })
  })

  it('keeps at most MAX_PROBLEMS problems of one answer, however many values are wrong', async () => {
    const answer = await hostile((mail) => {
      mail['email'] = { ...mail['email'], paragraphs: Array.from({ length: 5 * MAX_PROBLEMS }, (_, i) => i) }
    })
    const { content, problems } = checkMail(answer)
    expect(content?.email?.paragraphs).toEqual([])
    expect(problems).toHaveLength(MAX_PROBLEMS)
  })

  it('names a problem read by two queries once', () => {
    const problem = { document: { type: 'siteSettings', id: 'siteSettings' }, field: 'brandName', expected: 'string' }
    expect(uniqueProblems([problem, { ...problem }, { ...problem, field: 'email' }])).toEqual([
      problem,
      { ...problem, field: 'email' },
    ])
  })
})

describe('conformContent', () => {
  it('gives what contentChecker gives, without the problems', async () => {
    const answer = await hostile((mail) => {
      mail['email'] = { ...mail['email'], subject: 7, steps: [null] }
    })
    expect(conformContent(mailCopyQueryParser)(answer)).toEqual(checkMail(answer).content)
  })
})
