// Test data: an update document as its query answers it (the seed's "update-beta-opens", shortened),
// for the tests of the update's rendering and of the composers.
import type { UpdateBody, UpdateContent } from './update-body.ts'

const text = (key: string, words: string, marks: string[] = []) => ({ _type: 'span' as const, _key: key, text: words, marks })

/** A block of the body: a paragraph unless `style` says a heading; `links` its link annotations by key. */
export function block(
  key: string,
  spans: ReturnType<typeof text>[],
  style: 'normal' | 'h2' | 'h3' = 'normal',
  links: Record<string, string> = {},
) {
  return {
    _type: 'block' as const,
    _key: key,
    style,
    markDefs: Object.entries(links).map(([linkKey, href]) => ({ _type: 'link' as const, _key: linkKey, href })),
    children: spans,
    label: null,
    href: null,
  }
}
export const span = text

export const button = (key: string, label: string, href: string) => ({
  _type: 'emailButton' as const,
  _key: key,
  style: null,
  markDefs: null,
  children: null,
  label,
  href,
})

const body = (lead: string, see: string, seeWhat: string, button: ReturnType<typeof buttonOf>): UpdateBody => [
  block('b1', [span('b1a', lead)], 'h2'),
  block('b2', [span('b2a', see), span('b2b', seeWhat, ['l1']), span('b2c', '.')], 'normal', { l1: 'https://pulso.app/en' }),
  button,
]
const buttonOf = button

export const anUpdate: UpdateContent = {
  subject: { _type: 'localeString', pt: 'O beta do {brand} abre na segunda', en: 'The {brand} beta opens on Monday' },
  preheader: { _type: 'localeString', pt: 'Os convites saem em ondas.', en: 'Invitations go out in waves.' },
  greeting: { _type: 'localeString', pt: 'Olá, {name}!', en: 'Hi {name},' },
  greetingWithoutName: { _type: 'localeString', pt: 'Olá!', en: 'Hi there,' },
  signOff: { _type: 'localeText', pt: 'Até segunda,\nEquipe {brand}', en: 'See you Monday,\nThe {brand} team' },
  body: {
    pt: body(
      'O beta abre na segunda',
      'Olá {name}, você é o nº {place} na fila do {brand}. Veja ',
      'o que construímos',
      buttonOf('b3', 'Ver a minha posição', 'https://pulso.app/pt'),
    ),
    en: body(
      'The beta opens on Monday',
      'Hi {name}, you are #{place} in the {brand} line. See ',
      'what we built',
      buttonOf('b3', 'See my place', 'https://pulso.app/en'),
    ),
  },
}
