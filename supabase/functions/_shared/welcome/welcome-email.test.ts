import { describe, expect, it } from 'vitest'
import { welcomeFallbacks } from './welcome-copy.ts'
import { locales, renderWelcomeEmail, type Locale } from './welcome-email.ts'
import { locales as pageLocales } from '../../../../schemas/locales.ts'

const links = {
  confirm: 'https://pulso.example/confirmar?token=confirm.abc',
  remove: 'https://pulso.example/descadastrar?token=remove.abc',
}

const render = (name: string, locale: Locale = 'pt') =>
  renderWelcomeEmail({ name, locale, copy: welcomeFallbacks[locale], brandName: 'Pulso', retentionDays: 30, links })

describe('renderWelcomeEmail', () => {
  it('is written in the page’s languages, the default first', () => {
    expect(locales).toEqual(pageLocales)
  })

  it('asks the reader, in Portuguese, to confirm the place, with the confirm and removal links in both bodies', () => {
    const email = render('Ana Souza')
    expect(email.subject).toBe('Confirme seu lugar no teste grátis do Pulso')
    expect(email.text).toMatch(/^Olá, Ana Souza!/)
    expect(email.text).toContain(`Confirmar meu lugar: ${links.confirm}`)
    expect(email.text).toContain('O link vale por 30 dias.')
    expect(email.text).toContain(`Sair da lista agora: ${links.remove}`)
    expect(email.html).toContain('<html lang="pt-BR">')
    expect(email.html).toContain('Olá, <bdi>Ana Souza</bdi>!')
    expect(email.html).toContain(`<a href="${links.confirm}"`)
    expect(email.html).toContain(`<a href="${links.remove}"`)
    expect(email.text).not.toMatch(/free trial|\{/)
  })

  it('asks the reader in English', () => {
    const email = render('Bob Stone', 'en')
    expect(email.subject).toBe('Confirm your place in the Pulso free trial')
    expect(email.text).toMatch(/^Hi Bob Stone,/)
    expect(email.text).toContain(`Confirm my place: ${links.confirm}`)
    expect(email.text).toContain('within 30 days')
    expect(email.html).toContain('<html lang="en">')
    expect(email.text).not.toMatch(/grátis|\{/)
  })

  it.each(['pt', 'en'] as const)('never puts the name in the subject (%s)', (locale) => {
    expect(render('Ana Souza', locale).subject).toBe(render('Bob', locale).subject)
    expect(render('Ana Souza', locale).subject).not.toContain('Ana')
  })

  it.each([
    'WIN R$5000 NOW at http://evil.example/claim',
    'Cheap meds no prescription bit.ly/3xYzAb',
    '<script>alert("x")</script>',
    'раураl.com',
    'Ana\u202Emoc.live',
  ])('greets %j neutrally and carries none of it', (name) => {
    for (const locale of ['pt', 'en'] as const) {
      const email = render(name, locale)
      expect(email.text.split('\n')[0]).toBe(locale === 'pt' ? 'Olá!' : 'Hi there,')
      for (const part of [email.subject, email.text, email.html]) {
        expect(part).not.toContain(name)
        expect(part).not.toMatch(/evil|bit\.ly|script|раураl|moc\.live/)
      }
    }
  })

  it('escapes the copy, the brand and the links in the HTML', () => {
    const email = renderWelcomeEmail({
      name: 'Ana',
      locale: 'en',
      copy: { ...welcomeFallbacks.en, confirmIntro: 'Click <here> & "now"' },
      brandName: 'A<b>',
      retentionDays: 30,
      links: { confirm: 'https://x.example/c?token=a"b', remove: links.remove },
    })
    expect(email.html).toContain('Click &lt;here&gt; &amp; &quot;now&quot;')
    expect(email.html).toContain('A&lt;b&gt;')
    expect(email.html).toContain('href="https://x.example/c?token=a&quot;b"')
    expect(email.html).not.toContain('<here>')
  })

  it('fills {brand} and {days} wherever the copy has them, and nothing else', () => {
    const email = renderWelcomeEmail({
      name: 'Ana',
      locale: 'en',
      copy: { ...welcomeFallbacks.en, subject: '{brand}: {days} days {name} {other}' },
      brandName: 'Pulso',
      retentionDays: 7,
      links,
    })
    expect(email.subject).toBe('Pulso: 7 days {name} {other}')
  })
})
