import { describe, expect, it } from 'vitest'
import { parseWelcomeRequest } from './welcome-request.ts'

const valid = { name: 'Ana Souza', email: 'ana@empresa.com.br', role: 'Head de Pessoas' }

function problem(body: unknown): string {
  const parsed = parseWelcomeRequest(body)
  if (parsed.ok) throw new Error(`expected ${JSON.stringify(body)} to be rejected`)
  return parsed.message
}

describe('parseWelcomeRequest', () => {
  it('accepts a complete request, trimmed, in Portuguese when lang is absent', () => {
    expect(parseWelcomeRequest({ name: '  Ana Souza ', email: ' ana@empresa.com.br ', role: ' Head de Pessoas ' })).toEqual({
      ok: true,
      value: { name: 'Ana Souza', email: 'ana@empresa.com.br', role: 'Head de Pessoas', locale: 'pt' },
    })
  })

  it.each(['pt', 'en'] as const)('keeps lang %s', (lang) => {
    const parsed = parseWelcomeRequest({ ...valid, lang })
    expect(parsed.ok && parsed.value.locale).toBe(lang)
  })

  it.each([
    ['name', { ...valid, name: '' }],
    ['name', { ...valid, name: '   ' }],
    ['name', { ...valid, name: 'x'.repeat(201) }],
    ['name', { ...valid, name: 42 }],
    ['email', { ...valid, email: 'not-an-address' }],
    ['email', { ...valid, email: 'ana@empresa' }],
    ['email', { ...valid, email: 'ana maria@empresa.com' }],
    ['email', { ...valid, email: undefined }],
    ['role', { ...valid, role: '' }],
    ['role', { ...valid, role: 'x'.repeat(201) }],
    ['lang', { ...valid, lang: 'es' }],
    ['lang', { ...valid, lang: 'PT' }],
    ['lang', { ...valid, lang: null }],
    ['consentVersion', { ...valid, consentVersion: '' }],
    ['consentVersion', { ...valid, consentVersion: 'v1 <script>' }],
    ['consentVersion', { ...valid, consentVersion: 'x'.repeat(65) }],
    ['consentVersion', { ...valid, consentVersion: 3 }],
  ])('names the bad field: %s in %j', (field, body) => {
    const message = problem(body)
    expect(message).toContain(`${field}:`)
    for (const other of ['name', 'email', 'role', 'lang', 'consentVersion'].filter((f) => f !== field))
      expect(message).not.toContain(`${other}:`)
  })

  it('keeps the version of the consent text the form showed, and does without one', () => {
    expect(parseWelcomeRequest({ ...valid, consentVersion: '2026-11-23' })).toMatchObject({
      ok: true,
      value: { consentVersion: '2026-11-23' },
    })
    const without = parseWelcomeRequest(valid)
    expect(without.ok && without.value.consentVersion).toBeUndefined()
  })

  it('names every bad field at once, each once', () => {
    expect(problem({ name: '', email: `x${'y'.repeat(260)}`, role: '', lang: 'fr' })).toBe(
      'Invalid request: name: 1 to 200 characters; email: a plain address (local@domain) of at most 254 characters; role: 1 to 200 characters; lang: one of pt, en.',
    )
  })

  it('rejects an address longer than 254 characters, like the waitlist CHECK', () => {
    const local = 'a'.repeat(64)
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com` // 189 characters
    const atLimit = `${local}@${domain}`
    expect(atLimit).toHaveLength(254)
    expect(parseWelcomeRequest({ ...valid, email: atLimit }).ok).toBe(true)
    expect(problem({ ...valid, email: `a${atLimit}` })).toContain('email:')
  })

  it('gives the address in its canonical form, and refuses one dressed as several', () => {
    expect(parseWelcomeRequest({ ...valid, email: ' Ana@Empresa.COM.br. ' })).toMatchObject({
      ok: true,
      value: { email: 'Ana@empresa.com.br' },
    })
    for (const email of ['x<ana@empresa.com.br>', 'g:ana@empresa.com.br;', '(c)ana@empresa.com.br']) {
      expect(problem({ ...valid, email })).toContain('email:')
    }
  })

  it('replaces control characters in the name with a space', () => {
    const parsed = parseWelcomeRequest({ ...valid, name: 'Ana\u0000Souza\tLima' })
    expect(parsed.ok && parsed.value.name).toBe('Ana Souza Lima')
    expect(parseWelcomeRequest({ ...valid, name: '\u0000' }).ok).toBe(false)
  })

  it('replaces CR and LF in the name with a space, so no header can be injected', () => {
    const parsed = parseWelcomeRequest({ ...valid, name: 'Ana\r\nBcc: evil@x.y\nX-Other: 1\rEnd' })
    expect(parsed).toMatchObject({ ok: true, value: { name: 'Ana Bcc: evil@x.y X-Other: 1 End' } })
    expect(parsed.ok && /[\r\n]/.test(parsed.value.name)).toBe(false)
  })

  it.each([null, 'text', 42, [valid]])('rejects a body that is not an object: %j', (body) => {
    expect(problem(body)).toMatch(/JSON object/)
  })
})
