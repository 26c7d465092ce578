/**
 * Where a spreadsheet may start a cell: the start of a field, or after a comma, a semicolon
 * (pt-BR spreadsheets split on it), a tab or a line break inside one, when it reads the file
 * with other rules than ours. Blanks may come before the formula's sign.
 */
const FORMULA_START = /(^|[,;\t\n]|\r\n?)([ \t]*)(?=[=+\-@＝＋－＠])/g

/**
 * RFC 4180 CSV, safe to open in a spreadsheet: every field is quoted, and wherever a cell could
 * begin with a formula sign (= + - @), a quote goes first, so the spreadsheet shows text.
 */
function csvLine(values: readonly unknown[]): string {
  const cell = (value: unknown) => {
    const text = value instanceof Date ? value.toISOString() : value === null || value === undefined ? '' : String(value)
    return `"${text.replace(FORMULA_START, "$1'$2").replace(/"/g, '""')}"`
  }
  return `${values.map(cell).join(',')}\r\n`
}

/**
 * The CSV of `columns` as it is read: the header line, then each page's lines as the page arrives,
 * so an export of any size holds one page in memory.
 */
export async function* csvChunks(
  columns: readonly string[],
  pages: AsyncIterable<readonly Record<string, unknown>[]>,
): AsyncGenerator<string> {
  yield csvLine(columns)
  for await (const rows of pages) yield rows.map((row) => csvLine(columns.map((column) => row[column]))).join('')
}
