// Reading the guides as data: their tables (each under its nearest heading) and their fenced blocks,
// for the tests that keep a list in a guide equal to the code it describes (decision 0084).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const repoRoot = join(import.meta.dirname, '../..')

export interface MarkdownTable {
  /** The guide, relative to the repository: `docs/operations.md`. */
  file: string
  /** The nearest heading above the table, without its #s. */
  heading: string
  /** The first cell of each column, lower case. */
  columns: string[]
  rows: string[][]
}

export interface FencedBlock {
  file: string
  /** The line of the opening fence, from 1. */
  line: number
  /** What follows the opening backticks: `sh runnable`. */
  info: string
  text: string
}

export const readGuide = (file: string) => readFileSync(join(repoRoot, file), 'utf8')

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim())

/** Every table of the guide outside its fenced blocks. */
export function tablesOf(file: string): MarkdownTable[] {
  const tables: MarkdownTable[] = []
  let heading = ''
  let fenced = false
  let table: MarkdownTable | undefined
  for (const line of readGuide(file).split('\n')) {
    if (line.trimStart().startsWith('```')) fenced = !fenced
    if (fenced) continue
    if (line.startsWith('#')) heading = line.replace(/^#+\s*/, '')
    if (!line.startsWith('|')) {
      table = undefined
      continue
    }
    if (!table) {
      table = { file, heading, columns: cellsOf(line).map((cell) => cell.toLowerCase()), rows: [] }
      tables.push(table)
    } else if (!/^\|[\s|:-]+\|$/.test(line.trim())) table.rows.push(cellsOf(line))
  }
  return tables
}

/** Every fenced block of the guide, with what its opening fence says after the backticks. */
export function fencedBlocksOf(file: string): FencedBlock[] {
  const blocks: FencedBlock[] = []
  const lines = readGuide(file).split('\n')
  for (let index = 0; index < lines.length; index++) {
    const opening = /^\s*```(\S.*)$/.exec(lines[index] ?? '')
    if (!opening) continue
    const end = lines.findIndex((line, at) => at > index && /^\s*```\s*$/.test(line))
    if (end < 0) break
    blocks.push({ file, line: index + 1, info: opening[1] ?? '', text: lines.slice(index + 1, end).join('\n') })
    index = end
  }
  return blocks
}

/** The `code` spans of a cell, in order. */
export const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '')
