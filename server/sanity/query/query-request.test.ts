import { describe, expect, it } from 'vitest'
import { GroqRequestError } from './groq-query.ts'
import { checkParams, checkQueryText, MAX_PARAMS_DEPTH, MAX_QUERY_DEPTH } from './query-request.ts'
import { pageQuery } from '../../../web/src/shared/content/page-query.ts'

const errorOf = (check: () => void) => {
  try {
    check()
  } catch (err) {
    return err instanceof GroqRequestError ? err.details : err
  }
  return undefined
}

describe('checkQueryText', () => {
  it('lets the site’s own query and ordinary nesting through', () => {
    expect(errorOf(() => checkQueryText(pageQuery, 32 * 1024))).toBeUndefined()
    const nested = `${'('.repeat(MAX_QUERY_DEPTH)}1${')'.repeat(MAX_QUERY_DEPTH)}`
    expect(errorOf(() => checkQueryText(nested, 32 * 1024))).toBeUndefined()
  })

  it('refuses brackets nested deeper than the limit as a parse error, pointing at the first too many', () => {
    const query = `count(${'['.repeat(MAX_QUERY_DEPTH)})`
    expect(errorOf(() => checkQueryText(query, 32 * 1024))).toMatchObject({
      type: 'queryParseError',
      start: 'count('.length + MAX_QUERY_DEPTH - 1,
    })
    expect(errorOf(() => checkQueryText(`${'('.repeat(50_000)}1${')'.repeat(50_000)}`, 200_000))).toMatchObject({
      type: 'queryParseError',
    })
  })

  it('does not count brackets inside string literals, escaped quotes included', () => {
    const brackets = '('.repeat(MAX_QUERY_DEPTH * 2)
    for (const literal of [`"${brackets}"`, `'${brackets}'`, `"\\"${brackets}"`]) {
      expect(
        errorOf(() => checkQueryText(`*[title == ${literal}]`, 32 * 1024)),
        literal,
      ).toBeUndefined()
    }
  })

  it('refuses a query longer than the limit', () => {
    expect(errorOf(() => checkQueryText('count(*)', 7))).toMatchObject({ type: 'queryParseError' })
    expect(errorOf(() => checkQueryText('count(*)', 8))).toBeUndefined()
  })
})

describe('checkParams', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 1
    for (let i = 0; i < depth; i++) value = [value]
    return value
  }

  it('lets ordinary parameters through', () => {
    expect(errorOf(() => checkParams({ lang: 'en', ids: ['a', 'b'], n: nested(MAX_PARAMS_DEPTH - 1) }, 1000))).toBeUndefined()
  })

  it('refuses deep values without overflowing, however deep', () => {
    expect(errorOf(() => checkParams({ deep: nested(MAX_PARAMS_DEPTH + 1) }, 1000))).toMatchObject({
      type: 'invalidParameter',
    })
    expect(errorOf(() => checkParams({ deep: nested(500_000) }, 1000))).toMatchObject({ type: 'invalidParameter' })
  })

  it('refuses parameters longer than the limit as JSON', () => {
    expect(errorOf(() => checkParams({ long: 'x'.repeat(100) }, 50))).toMatchObject({ type: 'invalidParameter' })
  })
})
