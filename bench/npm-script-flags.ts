import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The Node flags that `npm run <script>` gives its command (`node <flags> <file>` in package.json),
 * so that a benchmark measures the process as npm starts it without npm's own process around it.
 * `--env-file*` is left out: a benchmark's environment is its own, never the developer's `.env`.
 */
export function nodeFlagsOf(root: string, script: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  const [command, ...words] = (scripts[script] ?? '').split(/\s+/)
  if (command !== 'node') throw new Error(`package.json's "${script}" is not a \`node …\` command: ${scripts[script]}`)
  return words.filter((word) => word.startsWith('--') && !word.startsWith('--env-file'))
}
