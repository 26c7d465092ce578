import { describe, expect, it } from 'vitest'
import { renderWelcomeEmail } from './welcome-email.ts'

const brand = { name: 'Pulso', contactEmail: 'ola@pulso.app' }

describe('renderWelcomeEmail', () => {
  it('welcomes in Portuguese by name and says how to stop (“sair”)', () => {
    const email = renderWelcomeEmail({ name: 'Ana', locale: 'pt', brand })
    expect(email.subject).toBe('Ana, seu teste grátis do Pulso está reservado')
    expect(email.text).toContain('Olá, Ana!')
    expect(email.html).toContain('Olá, Ana!')
    expect(email.html).toContain('<html lang="pt-BR">')
    for (const body of [email.text, email.html]) {
      expect(body).toContain('sair')
      expect(body).toContain('ola@pulso.app')
    }
    expect(email.text).not.toMatch(/free trial|stop/i)
  })

  it('welcomes in English by name and says how to stop', () => {
    const email = renderWelcomeEmail({ name: 'Ana', locale: 'en', brand })
    expect(email.subject).toBe('Ana, your Pulso free trial is reserved')
    expect(email.text).toContain('Hi Ana,')
    expect(email.html).toContain('<html lang="en">')
    expect(email.text).toContain('"stop"')
    expect(email.html).toContain('&quot;stop&quot;')
    for (const body of [email.text, email.html]) expect(body).toContain('ola@pulso.app')
    expect(email.text).not.toMatch(/grátis|sair/)
  })

  it.each(['pt', 'en'] as const)('escapes the name in the HTML (%s) but keeps it as typed in the text', (locale) => {
    const name = '<script>alert("x")</script> & Co'
    const email = renderWelcomeEmail({ name, locale, brand })
    expect(email.html).not.toContain('<script>')
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co')
    expect(email.text).toContain(name)
    expect(email.subject).toContain(name)
  })

  it('escapes the brand and contact address too', () => {
    const email = renderWelcomeEmail({ name: 'Ana', locale: 'en', brand: { name: 'A<b>', contactEmail: '"x"@y.z' } })
    expect(email.html).not.toContain('A<b>')
    expect(email.html).toContain('A&lt;b&gt;')
    expect(email.html).toContain('&quot;x&quot;@y.z')
  })
})
