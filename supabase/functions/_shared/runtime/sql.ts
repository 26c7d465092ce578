/** The one database call the function logic needs; pg's Pool and PGlite both provide it. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>
}
