import type { Plugin } from 'vite'
import { compactGroq } from '../src/shared/content/compact-groq.ts'

/**
 * The browser's build sends its GROQ queries without the whitespace they are written with (a
 * hundred bytes of the first script, compressed): every `defineQuery(`…`)` template without
 * substitutions is compacted (compact-groq.ts). The source, the prerender bundle and typegen keep
 * the written form.
 */
export function compactQueries(): Plugin {
  return {
    name: 'pulso:compact-queries',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/web/src/') || !code.includes('defineQuery(`')) return null
      // A template with no `${…}` and no escapes is its text as written.
      return code.replace(
        /defineQuery\(`((?:[^`$\\]|\$(?!\{))*)`\)/g,
        (_, query: string) => `defineQuery(\`${compactGroq(query)}\`)`,
      )
    },
  }
}
