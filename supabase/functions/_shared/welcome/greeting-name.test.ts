import { describe, expect, it } from 'vitest'
import { greetingName } from './greeting-name.ts'

/** Names people really have, in the languages of our readers and beyond: each is greeted as typed. */
const realNames = [
  'Ana',
  'Ana Souza',
  'João',
  'María José',
  "D'Ávila",
  'Renata D’Ávila',
  'Anne-Marie',
  'O’Connor',
  "Seán O'Brien",
  'Nguyễn Văn An',
  'José da Silva',
  'Maria Eduarda dos Santos Oliveira',
  'Conceição',
  'Ahmed El-Sayed',
  'J. R. Smith',
  'J.R.R. Tolkien',
  'Martin Luther King Jr.',
  'Zoë Brontë',
  'Łukasz Żółć',
  'Иван Петров',
  'Ελένη Παπαδοπούλου',
  'محمد علي',
  'דוד לוי',
  '王小明',
  '山田 太郎',
  'さくら',
  '김민준',
  'अनिल कुमार',
  'Hồ Chí Minh',
  'Nguyễn Thị Minh Khai',
  'Ngũgĩ wa Thiong’o',
  'Nuno Gonçalves',
  'Agostinho Neto',
  'Winona Ryder',
]

/** What an abuser types as a "name" to get text of theirs delivered from our domain. */
const abusiveNames = [
  ['a pitch with a link', 'WIN R$5000 NOW at http://evil.example/claim'],
  ['a drug pitch with a short link', 'Cheap meds no prescription bit.ly/3xYzAb'],
  ['a bare short link', 'bit.ly'],
  ['a domain', 'evil.example'],
  ['a domain as a word among others', 'Ana see evil.example'],
  ['www without a scheme', 'www evil example'],
  ['a www address', 'www.evil.example'],
  ['a scheme', 'https evil'],
  ['an address', 'ana@evil.example'],
  ['an at sign alone', 'Ana @ home'],
  ['a Cyrillic homoglyph domain', 'раураl.com'],
  ['a word mixing Cyrillic and Latin letters', 'раураl'],
  ['a word mixing Greek and Latin letters', 'Αpple Ana'],
  ['full-width letters and dot', 'ｅｖｉｌ．ｃｏｍ'],
  ['mathematical bold letters', '𝐖𝐈𝐍 𝐌𝐎𝐍𝐄𝐘'],
  ['an ideographic full stop between letters', 'evil。example'],
  ['a right-to-left override', 'Ana\u202Emoc.live'],
  ['a right-to-left isolate', 'Ana \u2067evil\u2069'],
  ['a zero-width space', 'Ana\u200Bevil'],
  ['a zero-width joiner', 'An\u200Da'],
  ['a byte-order mark inside the name', 'An\uFEFFa'],
  ['a control character', 'Ana\u0007'],
  ['a tab', 'Ana\tSouza'],
  ['a figure', 'Ana 2'],
  ['money', 'R$ 5000'],
  ['a percentage', 'Ana 100%'],
  ['a slash', 'Ana/Souza'],
  ['a colon', 'Ana: click'],
  ['angle brackets', '<b>Ana</b>'],
  ['an emoji', 'Ana 💊'],
  ['six words', 'Ana Maria Clara Souza Lima Reis'],
  ['41 characters', `${'A'.repeat(20)} ${'B'.repeat(20)}`],
  ['a 200-character payload', 'Congratulations you have been selected '.repeat(6).slice(0, 200)],
  ['a leading hyphen', '-Ana'],
  ['doubled punctuation', "Ana--Souza D''Ávila"],
  ['a letter posing as a middle dot (U+A78F)', 'paypalꞏcom ǃǃǃ'],
  ['letters posing as exclamation marks (U+01C3)', 'Ana ǃǃǃ'],
  ['a letter posing as a pipe (U+01C0)', 'Ana ǀ Souza'],
  ['a glottal stop posing as a question mark (U+0294)', 'Ana ʔ'],
  ['a call to action in Portuguese', 'Conta Bloqueada Ligue Agora'],
  ['a call to action without accents or case', 'CLIQUE aqui premio'],
  ['a call to action in English', 'Account Locked Call Now'],
  ['30 stacked accents', `A${'\u0301'.repeat(30)}na`],
  ['three marks on one letter', 'An\u0301\u0302\u0303a'],
  ['an invisible grapheme joiner (U+034F)', 'Ana\u034F'],
  ['a soft hyphen', 'An\u00ADa'],
  ['a Hangul filler', 'Ana \u3164'],
  ['only spaces', '   '],
  ['nothing', ''],
] as const

describe('greetingName', () => {
  it.each(realNames)('greets %s by name, as typed', (name) => {
    expect(greetingName(name)).toBe(name)
  })

  it.each(abusiveNames)('falls back to the neutral greeting for %s', (_case, name) => {
    expect(greetingName(name)).toBeUndefined()
  })

  it('trims the name and closes up runs of spaces', () => {
    expect(greetingName('  Ana   Souza ')).toBe('Ana Souza')
  })

  it('composes accents typed as separate marks, so "José" reads the same however it was typed', () => {
    const decomposed = 'Jose\u0301'
    expect(greetingName(decomposed)).toBe('José')
  })

  it('keeps a 40-character name and refuses one character more', () => {
    const forty = `${'A'.repeat(19)} ${'B'.repeat(20)}`
    expect(forty).toHaveLength(40)
    expect(greetingName(forty)).toBe(forty)
    expect(greetingName(`${forty}c`)).toBeUndefined()
  })
})
