// One word for one behaviour (issue 37): a referral whose referred person leaves the list, or is
// erased, is deleted with them (the foreign key's cascade, referrals.integration.test.ts shows it);
// `revoked` is the state of one whose mail was given up on (referrals.mail_given_up). The documents
// that tell operators what the Launch tool's counts mean must not use the word for both.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'

/** The sentences of a Markdown text, table cells and list items included, on one line each. */
const sentences = (markdown: string) =>
  markdown
    .replace(/\s+/g, ' ')
    .split(/(?<=[.;|])\s+/)
    .map((sentence) => sentence.trim())

/** `docs/product.md`'s section 13 (referrals), up to the next top-level section. */
async function referralSection(): Promise<string> {
  const product = await readFile('docs/product.md', 'utf8')
  const start = product.indexOf('\n## 13.')
  expect(start).toBeGreaterThan(0)
  const end = product.indexOf('\n## ', start + 1)
  return product.slice(start, end === -1 ? undefined : end)
}

describe('the words for a referral that stops counting', () => {
  it.each([
    ['docs/product.md §13', referralSection],
    ['docs/launch-api.md', () => readFile('docs/launch-api.md', 'utf8')],
  ])('%s says "revoked" only of mail given up on, never of leaving', async (_document, read) => {
    const saying = sentences(await read()).filter((sentence) => /revoked/i.test(sentence))
    // Where the word is used, it is said what it means: the referred person's mail was given up on.
    expect(saying.some((sentence) => /mail[^.;|]*given up/i.test(sentence))).toBe(true)
    for (const sentence of saying) expect(sentence).not.toMatch(/revoked[^.;|]*\b(leaves?|left|erased)\b/i)
  })

  it('docs/product.md §13 says what happens to a referral whose person leaves: it is deleted with them', async () => {
    const leaving = sentences(await referralSection()).filter((sentence) => /\bleaves? the list\b/i.test(sentence))
    expect(leaving.some((sentence) => /deleted/i.test(sentence))).toBe(true)
  })
})
