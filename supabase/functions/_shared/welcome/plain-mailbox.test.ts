import { domainToASCII } from 'node:url'
import fc from 'fast-check'
import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { isPlainMailbox } from './plain-mailbox.ts'

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true })

/** One mailbox, however it is written: the domain in lower case and in its ASCII (IDNA) form. */
const mailbox = (address: string) => {
  const at = address.lastIndexOf('@')
  return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1).toLowerCase()) || address.slice(at + 1).toLowerCase()}`
}
/** Who nodemailer would deliver to, given the address as the sender passes it. */
const recipients = async (to: string) =>
  (await transport.sendMail({ from: 'boas-vindas@pulso.app', to, subject: 's', text: 't' })).envelope.to

describe('isPlainMailbox', () => {
  it.each([
    'ana@empresa.com',
    'ana.souza+trial@mail.empresa.com.br',
    "o'brien@example.ie",
    'josé@empresa.com.br',
    `${'a'.repeat(64)}@${'b'.repeat(185)}.com`,
  ])('takes %s', (address) => expect(isPlainMailbox(address)).toBe(true))

  it.each([
    ['a comma, read as two addresses', 'junk,victim@empresa.com'],
    ['angle brackets, read as another address', 'junk<victim@empresa.com'],
    ['a comment', 'ana@empresa.com(victim@evil.com)'],
    ['quotes', '"ana souza"@empresa.com'],
    ['a semicolon', 'a;b@empresa.com'],
    ['a space', 'ana souza@empresa.com'],
    ['an empty label', 'ana@empresa..com'],
    ['a leading dot', '.ana@empresa.com'],
    ['no dotted domain', 'ana@localhost'],
    ['a control character', 'ana\u0007@empresa.com'],
  ])('refuses %s', (_why, address) => expect(isPlainMailbox(address)).toBe(false))

  it('means exactly one recipient, the address itself, to the mailer', async () => {
    const atom = fc.stringMatching(/^[^\s()<>[\]:;@\\,."\p{C}]{1,12}$/u)
    const address = fc
      .tuple(fc.array(atom, { minLength: 1, maxLength: 3 }), fc.array(atom, { minLength: 2, maxLength: 3 }))
      .map(([local, domain]) => `${local.join('.')}@${domain.join('.')}`)
    await fc.assert(
      fc.asyncProperty(address, async (candidate) => {
        fc.pre(isPlainMailbox(candidate))
        expect((await recipients(candidate)).map(mailbox)).toEqual([mailbox(candidate)])
      }),
      { numRuns: 300 },
    )
  })

  it('refuses every address the mailer would read as someone else', async () => {
    const address = fc
      .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 12 }), fc.string({ unit: 'grapheme-ascii', maxLength: 12 }))
      .map(([local, domain]) => `${local}@${domain}.com`)
    await fc.assert(
      fc.asyncProperty(address, async (candidate) => {
        const delivered = await recipients(candidate).catch(() => [])
        if (delivered.length !== 1 || mailbox(delivered[0] ?? '') !== mailbox(candidate))
          expect(isPlainMailbox(candidate)).toBe(false)
      }),
      { numRuns: 500 },
    )
  })
})
