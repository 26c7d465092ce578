import { describe, expect, it } from 'vitest'
import { renderEmail, type EmailParts } from './email-layout.ts'

const parts: EmailParts = {
  locale: 'en',
  brandName: 'Pulso',
  subject: 'A subject',
  name: 'Ana',
  greeting: { withName: 'Hi {name},', withoutName: 'Hi there,' },
  blocks: [
    { kind: 'paragraph', text: 'First paragraph.' },
    { kind: 'button', label: 'Go', href: 'https://pulso.example/go?a=1&b=2' },
    { kind: 'note', text: 'A note.' },
    { kind: 'steps', items: ['One.', 'Two.'] },
  ],
  signOff: 'Bye,\nThe team',
  footer: 'Why you got this.',
  removal: { label: 'Leave', href: 'https://pulso.example/leave?token=x' },
}

describe('renderEmail', () => {
  it('writes the plain text as greeting, blocks, sign-off, then the footer and the removal link, a blank line apart', () => {
    expect(renderEmail(parts).text).toBe(
      [
        'Hi Ana,',
        'First paragraph.',
        'Go: https://pulso.example/go?a=1&b=2',
        'A note.',
        '1. One.\n2. Two.',
        'Bye,\nThe team',
        '—',
        'Why you got this.',
        'Leave: https://pulso.example/leave?token=x',
      ].join('\n\n'),
    )
  })

  it('leaves an empty list out of the text and the HTML', () => {
    const email = renderEmail({ ...parts, blocks: [{ kind: 'steps', items: [] }] })
    expect(email.text).toBe('Hi Ana,\n\nBye,\nThe team\n\n—\n\nWhy you got this.\n\nLeave: https://pulso.example/leave?token=x')
    expect(email.html).not.toContain('<ol')
  })

  it('draws every part in the HTML, in order, in the message’s language', () => {
    const { html } = renderEmail(parts)
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    const order = [
      '<title>A subject</title>',
      '>Pulso</p>',
      '>Hi <bdi>Ana</bdi>,</p>',
      '>First paragraph.</p>',
      '<a href="https://pulso.example/go?a=1&amp;b=2"',
      '>A note.</p>',
      '<li style="margin-bottom:8px">One.</li><li style="margin-bottom:8px">Two.</li>',
      'white-space:pre-line">Bye,\nThe team</p>',
      '>Why you got this.</p>',
      '<a href="https://pulso.example/leave?token=x" style="color:#475569">Leave</a>',
    ].map((fragment) => html.indexOf(fragment))
    expect(order).not.toContain(-1)
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(renderEmail({ ...parts, locale: 'pt' }).html).toContain('<html lang="pt-BR">')
  })

  it('uses the greeting without a name when the name is not one, and fills nothing else', () => {
    const email = renderEmail({
      ...parts,
      name: 'visit evil.example',
      greeting: { withName: '{name} {brand}', withoutName: '{brand}' },
    })
    expect(email.text.split('\n')[0]).toBe('{brand}')
    expect(renderEmail({ ...parts, greeting: { withName: '{name} {brand}', withoutName: '' } }).text).toMatch(/^Ana \{brand\}/)
  })
})
