import { describe, expect, it } from 'vitest'
import { HOME_PAGE_ID } from '../../../../schemas/page-paths.ts'
import { compactGroq } from './compact-groq.ts'
import { pageQuery } from './page-query.ts'
import { loadSeedContent, seedAnswer } from '../../../../test/web/seed-content.ts'

describe('compactGroq', () => {
  it('drops the whitespace a query was written with, and keeps what separates words and strings', () => {
    expect(compactGroq(`{\n  "a b": *[_type == "hero" && _id in $ids] | order(order asc) [0...4]{ x, "y": z->{ w } }\n}`)).toBe(
      '{"a b":*[_type=="hero"&&_id in $ids]|order(order asc)[0...4]{x,"y":z->{w}}}',
    )
  })

  it('drops the spaces around the operators that need none, a projection’s condition’s included', () => {
    expect(compactGroq(`sections[hidden != true]{ _type == "a" => { b } }`)).toBe(`sections[hidden!=true]{_type=="a"=>{b}}`)
  })

  it('keeps a string with spaces, quotes and escapes as written', () => {
    expect(compactGroq(`*[title == "a , b" && t == "say \\"hi\\" , ok"]`)).toBe(`*[title=="a , b"&&t=="say \\"hi\\" , ok"]`)
  })

  it('leaves the page query meaning what it meant: the same answer over the seed', async () => {
    expect(compactGroq(pageQuery).length).toBeLessThan(pageQuery.length)
    expect(await seedAnswer(compactGroq(pageQuery), { page: HOME_PAGE_ID, arms: [] })).toEqual(await loadSeedContent())
  })
})
