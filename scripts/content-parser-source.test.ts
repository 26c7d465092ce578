import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { parse, typeEvaluate, type SchemaType, type TypeNode } from 'groq-js'
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod/mini'
import type {
  MailCopyQueryResult,
  PageQueryResult,
  PrivacyNoteVersionQueryResult,
  SignupPagesQueryResult,
} from '../schemas/sanity.types.ts'
import { pageQueryParser } from '../web/src/shared/content/page-query.parser.ts'
import { signupPagesQueryParser } from '../web/src/shared/content/signup-pages-query.parser.ts'
import { mailCopyQueryParser } from '../supabase/functions/_shared/delivery/mail-copy-query.parser.ts'
import { privacyNoteVersionQueryParser } from '../supabase/functions/_shared/welcome/privacy-note-version-query.parser.ts'
import { contentChecker } from '../supabase/functions/_shared/content/content-check.ts'
import type { ContentParser } from '../supabase/functions/_shared/content/content-parser.ts'
import { parserSource } from './content-parser-source.ts'
import { answerSources } from './answer-sources.ts'

type Answer<Parser> = Parser extends ContentParser<infer Schema> ? z.output<Schema> : never

describe('the generated parsers', () => {
  it('type each answer as Sanity’s typegen types it (checked by `npm run typegen`’s twin, `tsc`)', () => {
    // Each way round: typegen writes `{ _key: string } & LocaleString` where a zod object has one object.
    expectTypeOf<Answer<typeof pageQueryParser>>().toExtend<PageQueryResult>()
    expectTypeOf<PageQueryResult>().toExtend<Answer<typeof pageQueryParser>>()
    expectTypeOf<Answer<typeof signupPagesQueryParser>>().toEqualTypeOf<SignupPagesQueryResult>()
    expectTypeOf<Answer<typeof mailCopyQueryParser>>().toExtend<MailCopyQueryResult>()
    expectTypeOf<MailCopyQueryResult>().toExtend<Answer<typeof mailCopyQueryParser>>()
    expectTypeOf<Answer<typeof privacyNoteVersionQueryParser>>().toEqualTypeOf<PrivacyNoteVersionQueryResult>()
  })
})

/**
 * A page builder's schema as `sanity schema extract` writes it: a `page` document with an array of
 * sections, each section type an object told apart by its `_type` (issue 39 will add the real one).
 */
const pageBuilderSchema: SchemaType = [
  {
    type: 'type',
    name: 'localeString',
    value: {
      type: 'object',
      attributes: {
        _type: { type: 'objectAttribute', value: { type: 'string', value: 'localeString' } },
        pt: { type: 'objectAttribute', value: { type: 'string' }, optional: true },
        en: { type: 'objectAttribute', value: { type: 'string' }, optional: true },
      },
    },
  },
  ...['heroSection', 'quoteSection'].map((name) => ({
    type: 'type' as const,
    name,
    value: {
      type: 'object' as const,
      attributes: {
        _type: { type: 'objectAttribute' as const, value: { type: 'string' as const, value: name } },
        title: { type: 'objectAttribute' as const, value: { type: 'inline' as const, name: 'localeString' }, optional: true },
      },
    },
  })),
  {
    type: 'document',
    name: 'page',
    attributes: {
      _id: { type: 'objectAttribute', value: { type: 'string' } },
      _type: { type: 'objectAttribute', value: { type: 'string', value: 'page' } },
      slug: { type: 'objectAttribute', value: { type: 'string' }, optional: true },
      sections: {
        type: 'objectAttribute',
        optional: true,
        value: {
          type: 'array',
          of: {
            type: 'union',
            of: ['heroSection', 'quoteSection'].map((name): TypeNode => ({
              type: 'object',
              attributes: { _key: { type: 'objectAttribute', value: { type: 'string' } } },
              rest: { type: 'inline', name },
            })),
          },
        },
      },
    },
  },
]

const pagesQuery = `{ "pages": *[_type == "page"]{ _id, slug, sections }, "home": *[_type == "page" && _id == "home"][0]{ slug } }`

describe('parserSource', () => {
  // Inside the repository, so the parser's own imports (zod) resolve as the site's do.
  const cache = resolve(import.meta.dirname, '../node_modules/.cache')
  const dir = mkdir(cache, { recursive: true }).then(() => mkdtemp(join(cache, 'content-parser-')))
  afterAll(async () => rm(await dir, { recursive: true, force: true }))

  /** The parser written for `query` over `schema`, loaded as the site loads a generated one. */
  async function generated(query: string, schema: SchemaType) {
    const ast = parse(query)
    const source = parserSource({
      target: { module: 'pages-query.ts', name: 'pagesQuery' },
      ast,
      answer: typeEvaluate(ast, schema),
      schema,
      runtime: relative(await dir, resolve(import.meta.dirname, '../supabase/functions/_shared/content/content-parser.ts')),
      queryFile: 'pages-query.ts',
    })
    const file = join(await dir, `parser-${Math.random().toString(36).slice(2)}.ts`)
    await writeFile(file, source)
    return { source, parser: ((await import(file)) as { pagesQueryParser: ContentParser<z.ZodMiniType> }).pagesQueryParser }
  }

  it('gives a new section type its parser from the schema alone, told apart by its _type', async () => {
    const { source, parser } = await generated(pagesQuery, pageBuilderSchema)
    expect(source).toContain(`z.discriminatedUnion('_type'`)
    const check = contentChecker(parser)
    const title = (words: string) => ({ _type: 'localeString', pt: words })
    const { content, problems } = check({
      pages: [
        {
          _id: 'about',
          slug: 'sobre',
          sections: [
            { _key: 'a', _type: 'heroSection', title: title('Olá') },
            { _key: 'b', _type: 'quoteSection', title: { _type: 'localeString', pt: 5 } },
            { _key: 'c', _type: 'unknownSection', title: title('?') },
            { _key: 'd', _type: 'quoteSection', title: title('Citação') },
          ],
        },
      ],
      home: { slug: 7 },
    })
    // A known section keeps its place with its wrong field dropped; a section of no known type is left out.
    expect(content).toEqual({
      pages: [
        {
          _id: 'about',
          slug: 'sobre',
          sections: [
            { _key: 'a', _type: 'heroSection', title: title('Olá') },
            { _key: 'b', _type: 'quoteSection', title: { _type: 'localeString' } },
            { _key: 'd', _type: 'quoteSection', title: title('Citação') },
          ],
        },
      ],
      home: { slug: null },
    })
    expect(problems).toEqual([
      { document: { type: 'page', id: 'about' }, field: 'sections[1].title.pt', expected: 'string' },
      { document: { type: 'page', id: 'about' }, field: 'sections[2]._type', expected: '"heroSection" | "quoteSection"' },
      { document: { type: 'page', id: 'home' }, field: 'slug', expected: 'string' },
    ])
  })
})

describe('answerSources', () => {
  it('reads each part’s document from the query: one by its _id, a list by its _type, a field of one', () => {
    expect(answerSources(parse(pagesQuery), 'pagesQuery')).toEqual({
      attributes: { pages: { type: 'page', list: true }, home: { type: 'page', id: 'home' } },
    })
    expect(answerSources(parse(`*[_type == "page" && _id == "home"][0].slug`), 'slugQuery')).toEqual({
      whole: { type: 'page', id: 'home', field: 'slug' },
    })
  })

  it('refuses a query whose document it cannot name, saying what to write', () => {
    expect(() => answerSources(parse(`{ "home": *[_type == "page"][0]{ slug } }`), 'q')).toThrow(/q\.home: .* without an _id/)
    expect(() => answerSources(parse(`{ "home": *[slug == "x"]{ slug } }`), 'q')).toThrow(/q\.home: no filter by _type/)
  })
})
