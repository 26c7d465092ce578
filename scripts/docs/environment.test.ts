// The guides' tables of environment variables are the whole list, with the code's defaults
// (decision 0084): every variable the code reads is in one of them, every row is read by something,
// the server's parser's variables are in docs/operations.md's "The server" with the defaults the
// parser gives, and .env.example's values are those defaults too.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { envSchema, loadConfig } from '../../server/config.ts'
import { environmentReads, scannedCode } from './environment-reads.ts'
import { codeSpans, repoRoot, tablesOf, type MarkdownTable } from './markdown.ts'

const GUIDES = ['docs/operations.md', 'docs/developers.md', 'docs/benchmarks.md']
/** Read, and no setting: the shell's search path, handed on to the processes the tools start. */
const NOT_SETTINGS = new Set(['PATH'])
const SERVER_TABLE = { file: 'docs/operations.md', heading: 'The server' }

interface Row {
  table: MarkdownTable
  names: string[]
  defaults: string[]
  cell: string
}

const isVariable = (span: string) => /^[A-Z][A-Z0-9_]*$/.test(span)
const where = (table: MarkdownTable) => `${table.file}'s table "${table.heading}"`
/** 1_000_000, 1,000,000 and 1000000 are one number. */
const sameLiteral = (a: string, b: string) => a.replace(/[_,]/g, '') === b.replace(/[_,]/g, '')

function environmentRows(): Row[] {
  return GUIDES.flatMap(tablesOf)
    .filter((table) => table.columns[0] === 'variable' && table.columns[1] === 'default')
    .flatMap((table) =>
      table.rows.map((cells) => {
        const cell = cells[1] ?? ''
        // A default that names another variable (`SANITY_VIEWER_TOKEN`) is a reference, not a value.
        return { table, names: codeSpans(cells[0] ?? ''), defaults: codeSpans(cell).filter((span) => !isVariable(span)), cell }
      }),
    )
}

const rows = environmentRows()
const reads = environmentReads()
const code = scannedCode()
const serverNames = Object.keys(envSchema.shape)
const serverRows = rows.filter(({ table }) => table.file === SERVER_TABLE.file && table.heading === SERVER_TABLE.heading)

/** The server's configuration from `env`, without the keys it makes up at each start. */
function configOf(env: Record<string, string>) {
  const config = loadConfig(env)
  return { ...config, sanity: { ...config.sanity, viewerToken: undefined, membersToken: undefined } }
}
/** A documented default written with another variable (`http://localhost:$PORT`) is read with that one's default. */
const withDefaults = (value: string) => value.replace('$PORT', String(envSchema.shape.PORT.parse(undefined)))

describe('the environment tables', () => {
  it('name every variable the code reads', () => {
    const named = new Set(rows.flatMap((row) => row.names))
    const missing = reads.filter((read) => !named.has(read.name) && !NOT_SETTINGS.has(read.name))
    expect([
      ...new Set(
        missing.map(({ name, file }) => `${name} is read by ${file} but missing from the tables of ${GUIDES.join(', ')}`),
      ),
    ]).toEqual([])
  })

  it('name only variables the code reads', () => {
    const read = new Set(reads.map((entry) => entry.name))
    const mentioned = (name: string) => [...code.values()].some((text) => new RegExp(`\\b${name}\\b`).test(text))
    const unread = rows.flatMap((row) =>
      row.names
        .filter((name) => !read.has(name) && !mentioned(name))
        .map((name) => `${name} is in ${where(row.table)} but no code reads it`),
    )
    expect(unread).toEqual([])
  })

  it('have every variable of the server’s parser in docs/operations.md’s "The server"', () => {
    const listed = new Set(serverRows.flatMap((row) => row.names))
    const table = `${SERVER_TABLE.file}'s table "${SERVER_TABLE.heading}"`
    expect([
      ...serverNames
        .filter((name) => !listed.has(name))
        .map((name) => `${name} is read by server/config.ts but missing from ${table}`),
      ...[...listed]
        .filter((name) => !serverNames.includes(name))
        .map((name) => `${name} is in ${table} but server/config.ts does not read it`),
    ]).toEqual([])
  })

  it('give the server’s defaults: setting a variable to its documented default changes nothing', () => {
    const unset = configOf({})
    const wrong: string[] = []
    for (const row of serverRows) {
      row.names.forEach((name, index) => {
        const documented = row.defaults.length === row.names.length ? row.defaults[index] : row.defaults[0]
        if (documented === undefined) {
          // Documented as having no value of its own: the parser must not give it one either.
          const parsed = envSchema.shape[name as keyof typeof envSchema.shape].safeParse(undefined)
          if (parsed.data !== undefined)
            wrong.push(
              `${name}: ${row.table.file} says "${row.cell}", server/config.ts defaults to ${JSON.stringify(parsed.data)}`,
            )
        } else if (JSON.stringify(configOf({ [name]: withDefaults(documented) })) !== JSON.stringify(unset)) {
          wrong.push(`${name}: ${row.table.file} says the default is ${documented}, which is not server/config.ts's default`)
        }
      })
    }
    expect(wrong).toEqual([])
  })

  it('give the literal defaults the code writes beside its reads', () => {
    const wrong = reads
      .filter((read) => read.literalDefault !== undefined)
      .filter(
        (read) =>
          !rows.some(
            (row) => row.names.includes(read.name) && row.defaults.some((value) => sameLiteral(value, read.literalDefault!)),
          ),
      )
      .map(
        (read) =>
          `${read.name} defaults to ${read.literalDefault} in ${read.file}, which no row naming it in ${GUIDES.join(', ')} says`,
      )
    expect(wrong).toEqual([])
  })
})

describe('.env.example', () => {
  const lines = readFileSync(join(repoRoot, '.env.example'), 'utf8').split('\n')
  const assigned = new Map(
    lines.flatMap((line) => {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
      return match ? [[match[1] ?? '', (match[2] ?? '').replace(/^"(.*)"$/, '$1')] as const] : []
    }),
  )

  it('has a line for every variable of the server’s parser', () => {
    expect(
      serverNames
        .filter((name) => !assigned.has(name))
        .map((name) => `${name} is read by server/config.ts but has no line in .env.example`),
    ).toEqual([])
  })

  it('writes each value as the server’s default', () => {
    const unset = JSON.stringify(configOf({}))
    const wrong = [...assigned]
      .filter(([name, value]) => value !== '' && serverNames.includes(name))
      .filter(([name, value]) => JSON.stringify(configOf({ [name]: value })) !== unset)
      .map(([name, value]) => `.env.example sets ${name}=${value}, which is not server/config.ts's default`)
    expect(wrong).toEqual([])
  })
})
