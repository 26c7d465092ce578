/**
 * A GROQ query without the whitespace it was written with: runs of it become one space, and none is
 * kept beside punctuation and the operators that need none. String literals are left as they are.
 * The browser's build sends the page query this way (web/build-plugins/compact-queries.ts: bytes the
 * first script's budget had not got, docs/decisions/0046-copy-experiments.md); the local content API
 * knows the site's queries in both forms (server/site/site-queries.ts).
 */
const STRING = /("(?:[^"\\]|\\.)*")/.source

export function compactGroq(query: string): string {
  return query
    .replace(new RegExp(`${STRING}|\\s+`, 'g'), (_, string: string | undefined) => string ?? ' ')
    .replace(
      new RegExp(`${STRING}| ?([{}[\\](),:|+]|==|!=|=>|&&|->) ?`, 'g'),
      (_, string: string | undefined, mark: string) => string ?? mark,
    )
    .trim()
}
