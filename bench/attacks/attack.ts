/** One row of the attack table: a hostile request the benchmark sends 20 at a time. */
export interface Attack {
  /** What the row is, as the table prints it. */
  name: string
  /** Server environment this row needs beyond the defaults (e.g. a viewer token), if any. */
  env?: Record<string, string>
  /** Sends one hostile request to the server at `baseUrl` (no trailing slash); `i` numbers the
   *  copies so a row can vary them. Resolves with the response status (0 if the connection
   *  failed) once the response has been read or abandoned as the attacker would. */
  send(baseUrl: string, i: number, signal: AbortSignal): Promise<number>
}
