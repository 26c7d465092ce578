import { describe, expect, it } from 'vitest'
import { canonicalEmail } from './email-address.ts'
import { addressCases } from '../../../../test/attacks/address-cases.ts'

describe('canonicalEmail', () => {
  it.each(addressCases)('%j becomes %j', (input, canonical) => {
    expect(canonicalEmail(input)).toBe(canonical)
  })

  it('gives six spellings of one mailbox at most one canonical form', () => {
    const spellings = ['victim@t.ex', 'x<victim@t.ex>', '"q"<victim@t.ex>', 'g:victim@t.ex;', '(c)victim@t.ex', 'victim@T.ex.']
    const accepted = new Set(spellings.map(canonicalEmail).filter((address) => address !== undefined))
    expect([...accepted]).toEqual(['victim@t.ex'])
  })

  it('is idempotent: a canonical address stays as it is', () => {
    for (const [, canonical] of addressCases) if (canonical) expect(canonicalEmail(canonical)).toBe(canonical)
  })
})
