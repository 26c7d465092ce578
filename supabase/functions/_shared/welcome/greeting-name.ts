/**
 * Whether the name a visitor typed may appear in the welcome's greeting (docs/product.md §4.4).
 * The welcome goes to whatever address the form was given, so the name is text from a stranger
 * landing in someone else's inbox, from our domain. It is used only when it looks like a
 * person's name; anything else gets the neutral greeting. The subject never carries it.
 */

/** Long enough for "Maria Eduarda dos Santos Oliveira", short enough that no pitch fits. */
const MAX_LENGTH = 40
const MAX_WORDS = 5

/**
 * A word: letters of any alphabet with their combining marks, joined by an apostrophe (also the
 * typographic one) or a hyphen, optionally ending in a dot ("Jr."); or initials ("J.", "J.R.R.").
 * Letters on both sides of a dot ("bit.ly", "evil.example") are what a domain looks like, not a name.
 */
const WORD = /^(?:\p{L}\p{M}{0,2}(?:['’-]?\p{L}\p{M}{0,2})*\.?|(?:\p{L}\p{M}{0,2}\.){1,3})$/u

/**
 * Characters no name shows: anything the font draws as nothing (U+034F, soft hyphens, joiners).
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u

/** More than two combining marks on one letter, counted decomposed ("ễ" is e with two): a pile, not an accent. */
const PILED_MARKS = /\p{M}{3}/u

/**
 * Letters that pose as punctuation: in alphabets with case (Latin, Greek, Cyrillic, Armenian), a
 * name's letters have a case; the uncased ones there are clicks, tone letters and marks drawn like
 * `ǃ`, `ǀ`, `ꞏ` or `ʔ` (U+01C3, U+01C0, U+A78F, U+0294), which spell "paypalꞏcom ǃǃǃ".
 */
const UNCASED_IN_A_CASED_ALPHABET = /(?=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}])[\p{Lo}\p{Lm}]/u

/** Scripts a person's name is written in; a word mixing two of them is a homoglyph trick ("раураl"). */
const SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Arabic}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Georgian}/u,
  /\p{Script=Devanagari}/u,
  /\p{Script=Bengali}/u,
  /\p{Script=Tamil}/u,
  /\p{Script=Thai}/u,
  /\p{Script=Hangul}/u,
  // Japanese names mix kanji and kana in one word; Chinese names are Han alone.
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
]

/** Words that only ever appear in an address, never in a name. */
const LINK_WORDS = new Set(['www', 'http', 'https'])

/**
 * Words of a call to action, in our readers' languages (accents and case ignored): "Conta Bloqueada
 * Ligue Agora" is a phrase written to alarm the reader, not a name. A heuristic by design (decision
 * 0036): a list cannot know every pitch, but each word here is one no one's name is made of, and a
 * name refused by mistake only gets the neutral greeting.
 */
const CALL_TO_ACTION_WORDS = new Set([
  // pt
  'acesse',
  'agora',
  'atualize',
  'baixe',
  'bloqueada',
  'bloqueado',
  'cadastre',
  'clique',
  'confirme',
  'conta',
  'desbloqueie',
  'envie',
  'ganhe',
  'gratis',
  'ligue',
  'oferta',
  'pague',
  'premio',
  'promocao',
  'responda',
  'senha',
  'urgente',
  'verifique',
  // en
  'account',
  'blocked',
  'call',
  'claim',
  'click',
  'download',
  'free',
  'locked',
  'login',
  'now',
  'offer',
  'password',
  'pay',
  'prize',
  'reply',
  'suspended',
  'update',
  'urgent',
  'verify',
  'visit',
])

/** A word as the list above holds it: lower case, without accents or a final dot. */
const folded = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').replace(/\.$/, '').toLowerCase()

function scriptOf(letter: string): number {
  return SCRIPTS.findIndex((script) => script.test(letter))
}

function isOneScript(word: string): boolean {
  const scripts = new Set([...word].filter((char) => /\p{L}/u.test(char)).map(scriptOf))
  return scripts.size === 1 && !scripts.has(-1)
}

/**
 * The name to greet the visitor by, or undefined for the neutral greeting. Accepts letters of
 * any alphabet, spaces, `' ’ - .`, at most 40 characters in at most five words; refuses digits,
 * symbols, link-like text (a scheme, `www`, a domain, `@`), control, bidi, zero-width and other
 * invisible characters, letters posing as punctuation, more than two combining marks on a letter,
 * compatibility look-alikes (full-width or mathematical letters), words that mix alphabets and
 * words of a call to action.
 */
export function greetingName(typed: string): string | undefined {
  const name = typed.normalize('NFC').trim().replace(/ {2,}/g, ' ')
  if (name.length === 0 || name.length > MAX_LENGTH) return undefined
  if (INVISIBLE.test(name) || UNCASED_IN_A_CASED_ALPHABET.test(name) || PILED_MARKS.test(name.normalize('NFD'))) {
    return undefined
  }
  // Full-width "ｅｖｉｌ．ｃｏｍ" or bold "𝐖𝐈𝐍" look like letters but are not a name's.
  if (name.normalize('NFKC') !== name) return undefined
  const words = name.split(' ')
  if (words.length > MAX_WORDS) return undefined
  const acceptable = words.every(
    (word) => WORD.test(word) && isOneScript(word) && !LINK_WORDS.has(folded(word)) && !CALL_TO_ACTION_WORDS.has(folded(word)),
  )
  return acceptable ? name : undefined
}
