import { describe, expect, it } from 'vitest'
import type { Locale } from '../welcome/welcome-email.ts'
import { invitationFallbacks } from './invitation-copy.ts'
import { renderInvitationEmail } from './invitation-email.ts'

const links = {
  trial: 'https://app.pulso.example/trial?lang=pt-BR&invite=inv_8Hq2LxPz',
  remove: 'https://pulso.example/descadastrar?token=remove.abc',
}

const render = (name: string, locale: Locale = 'pt') =>
  renderInvitationEmail({ name, locale, copy: invitationFallbacks[locale], brandName: 'Pulso', links })

describe('renderInvitationEmail', () => {
  it('tells the reader, in Portuguese, that their trial is ready, with the trial link and the removal link in both bodies', () => {
    const email = render('Ana Souza')
    expect(email.subject).toBe('Seu teste grátis do Pulso está liberado')
    expect(email.text).toMatch(/^Olá, Ana Souza!\n\nBoa notícia: chegou a sua vez na lista de espera do Pulso\./)
    expect(email.text).toContain(`Começar meu teste grátis: ${links.trial}`)
    expect(email.text).toContain('Aproveite o teste,\nEquipe Pulso')
    expect(email.text).toContain(`Sair da lista: ${links.remove}`)
    expect(email.html).toContain('<html lang="pt-BR">')
    expect(email.html).toContain('Olá, <bdi>Ana Souza</bdi>!')
    // The link's & is escaped in the attribute, as HTML wants it; a mail client opens the same address.
    expect(email.html).toContain(`<a href="${links.trial.replace('&', '&amp;')}"`)
    expect(email.html).toContain('>Começar meu teste grátis</a>')
    expect(email.html).toContain(`<a href="${links.remove}"`)
    expect(email.text).not.toMatch(/free trial|\{/)
    expect(email.html).not.toContain('{')
  })

  it('tells the reader in English', () => {
    const email = render('Bob Stone', 'en')
    expect(email.subject).toBe('Your Pulso free trial is ready')
    expect(email.text).toMatch(/^Hi Bob Stone,\n\nGood news: it’s your turn on the Pulso waitlist\./)
    expect(email.text).toContain(`Start my free trial: ${links.trial}`)
    expect(email.text).toContain(`Leave the list: ${links.remove}`)
    expect(email.html).toContain('<html lang="en">')
    expect(email.text).not.toMatch(/grátis|\{/)
  })

  it('says the copy’s paragraphs in order, after the trial link, and nothing of the welcome’s', () => {
    const { text } = render('Ana Souza', 'en')
    const [first = '', second = ''] = invitationFallbacks.en.paragraphs.map((paragraph) => paragraph.replace('{brand}', 'Pulso'))
    expect(text.indexOf(links.trial)).toBeLessThan(text.indexOf(first))
    expect(text.indexOf(first)).toBeLessThan(text.indexOf(second))
    expect(text).not.toContain('Confirm my place')
  })

  it.each(['pt', 'en'] as const)('never puts the name in the subject (%s)', (locale) => {
    expect(render('Ana Souza', locale).subject).toBe(render('Bob', locale).subject)
    expect(render('Ana Souza', locale).subject).not.toContain('Ana')
  })

  it.each(['WIN R$5000 NOW at http://evil.example/claim', '<script>alert("x")</script>', 'раураl.com', 'Ana\u202Emoc.live'])(
    'greets %j neutrally and carries none of it',
    (name) => {
      for (const locale of ['pt', 'en'] as const) {
        const email = render(name, locale)
        expect(email.text.split('\n')[0]).toBe(locale === 'pt' ? 'Olá!' : 'Hi there,')
        for (const part of [email.subject, email.text, email.html]) {
          expect(part).not.toContain(name)
          expect(part).not.toMatch(/evil|alert|раураl|moc\.live/)
        }
      }
    },
  )

  it('isolates a name written right to left, so it cannot reorder the greeting', () => {
    const email = render('عمر', 'en')
    expect(email.text.split('\n')[0]).toBe('Hi عمر,')
    expect(email.html).toContain('Hi <bdi>عمر</bdi>,')
  })

  it('escapes the copy, the brand and the links in the HTML', () => {
    const email = renderInvitationEmail({
      name: 'Ana',
      locale: 'en',
      copy: { ...invitationFallbacks.en, intro: 'Click <here> & "now"', trialButton: '<b>Go</b>' },
      brandName: 'A<b>',
      links: { trial: 'https://app.example/t?invite=a"b', remove: links.remove },
    })
    expect(email.html).toContain('Click &lt;here&gt; &amp; &quot;now&quot;')
    expect(email.html).toContain('&lt;b&gt;Go&lt;/b&gt;</a>')
    expect(email.html).toContain('A&lt;b&gt;')
    expect(email.html).toContain('href="https://app.example/t?invite=a&quot;b"')
    expect(email.html).not.toMatch(/<here>|<b>/)
  })

  it('fills {brand} wherever the copy has it, and nothing else', () => {
    const email = renderInvitationEmail({
      name: 'Ana',
      locale: 'en',
      copy: { ...invitationFallbacks.en, subject: '{brand}: {days} {name} {other}' },
      brandName: 'Pulso',
      links,
    })
    expect(email.subject).toBe('Pulso: {days} {name} {other}')
  })
})
