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
const WORD = /^(?:\p{L}\p{M}*(?:['’-]?\p{L}\p{M}*)*\.?|(?:\p{L}\p{M}*\.){1,3})$/u

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
 * symbols, link-like text (a scheme, `www`, a domain, `@`), control, bidi and zero-width
 * characters, compatibility look-alikes (full-width or mathematical letters) and words that
 * mix alphabets.
 */
export function greetingName(typed: string): string | undefined {
  const name = typed.normalize('NFC').trim().replace(/ {2,}/g, ' ')
  if (name.length === 0 || name.length > MAX_LENGTH) return undefined
  // Full-width "ｅｖｉｌ．ｃｏｍ" or bold "𝐖𝐈𝐍" look like letters but are not a name's.
  if (name.normalize('NFKC') !== name) return undefined
  const words = name.split(' ')
  if (words.length > MAX_WORDS) return undefined
  const acceptable = words.every(
    (word) => WORD.test(word) && isOneScript(word) && !LINK_WORDS.has(word.replace(/\.$/, '').toLowerCase()),
  )
  return acceptable ? name : undefined
}
