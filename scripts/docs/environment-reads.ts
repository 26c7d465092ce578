// Every environment variable the code reads, found where it reads it: the server's parser (its
// schema's keys); outside the tests, process.env and any `env` object read by a name, the edge
// functions' Deno.env and their helpers that take a name; and package.json's scripts' shell defaults
// (`\${NAME:-default}`), each with the default written beside it when it is a literal. Decision 0084.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { envSchema } from '../../server/config.ts'
import { repoRoot } from './markdown.ts'

export interface EnvRead {
  name: string
  /** Where: `bench/run.ts`, or `server/config.ts` for the parser's schema. */
  file: string
  /** The literal the code falls back to (`?? 300`, `|| 'production'`, `:-2`), when it is one. */
  literalDefault?: string
}

/** The folders and files whose code runs: the shipped trees, the tools, the benchmarks, test support. */
const ROOTS = [
  'server',
  'supabase/functions',
  'scripts',
  'bench',
  'e2e',
  'test',
  'web/vite.config.ts',
  'sanity.config.ts',
  'sanity.cli.ts',
]
/** Tests set variables for the child processes they start; they are not settings anyone reads about. */
const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file)

const LITERAL_AFTER = /^\s*(?:\?\?|\|\|)\s*(?:'([^']*)'|"([^"]*)"|([\d_.]+))/
const READS = [
  /(?<!['"`])\bprocess\.env\.([A-Z][A-Z0-9_]*)/g,
  /(?<!['"`])\bprocess\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
  /(?<![\w.'"`])env\.([A-Z][A-Z0-9_]+)\b/g,
  /(?<![\w.'"`])env\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
  /\bDeno\.env\.get\(['"]([A-Z][A-Z0-9_]*)['"]\)/g,
  /\b(?:required|configuredKey)\(['"]([A-Z][A-Z0-9_]*)['"]\)/g,
]

function codeFiles(path: string): string[] {
  const full = join(repoRoot, path)
  if (/\.tsx?$/.test(path)) return [full]
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The text of every file the scan reads, by its path from the repository's root. */
export function scannedCode(): Map<string, string> {
  const files = ROOTS.flatMap(codeFiles).filter((file) => !isTest(file))
  return new Map(files.map((file) => [relative(repoRoot, file), readFileSync(file, 'utf8')]))
}

export function environmentReads(code = scannedCode()): EnvRead[] {
  const reads: EnvRead[] = Object.keys(envSchema.shape).map((name) => ({ name, file: 'server/config.ts' }))
  for (const [file, text] of code) {
    for (const pattern of READS) {
      for (const match of text.matchAll(pattern)) {
        const after = LITERAL_AFTER.exec(text.slice((match.index ?? 0) + match[0].length))
        const literalDefault = after ? (after[1] ?? after[2] ?? after[3]) : undefined
        reads.push({ name: match[1] ?? '', file, ...(literalDefault === undefined ? {} : { literalDefault }) })
      }
    }
  }
  const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts
  for (const [script, command] of Object.entries(scripts)) {
    for (const match of command.matchAll(/\$\{([A-Z][A-Z0-9_]*):-([^}]*)\}/g))
      reads.push({ name: match[1] ?? '', file: `package.json (${script})`, literalDefault: match[2] ?? '' })
  }
  return reads
}
