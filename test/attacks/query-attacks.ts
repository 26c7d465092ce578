// The hostile content queries of issue 14's table, shared by the attack tests
// (server/sanity/query/query-attacks.integration.test.ts) and the attack benchmark
// (bench/attacks/queries.attacks.ts), so both send exactly the same requests.

/** 60 bytes of GROQ that, unbounded, took 11.6 s and 644 MB on the seed. */
export const NESTED_COUNT_QUERY = 'count(*[]{"a":*[]{"b":*[]{"c":*[]{"d":*[]{_id}}}}})'
/** One level deeper and no count(): unbounded, the process ran out of heap and died. */
export const NESTED_DEEPER_QUERY = '*[]{"a":*[]{"b":*[]{"c":*[]{"d":*[]{"e":*[]{_id}}}}}}'
/** 50,000 nested parentheses: unbounded, a stack overflow answered as a 500. */
export const NESTED_PARENTHESES_QUERY = `${'('.repeat(50_000)}1${')'.repeat(50_000)}`

/** A viewer token for servers started by the attacks (SANITY_VIEWER_TOKEN). */
export const ATTACK_VIEWER_TOKEN = 'attack-viewer-token-0123456789'

const NAME_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * `{"query":"count(*)","perspective":"AA,AB,…"}` with `count` distinct release names: 255,000 make
 * just under 1 MB, which the old quadratic perspective parser took a minute over (now a body too
 * large for a query, 413); 30,000 fit under the query body cap and reach the parser.
 */
export function longPerspectiveBody(count: number): string {
  const names: string[] = []
  for (let n = 0; names.length < count; n++) {
    let name = ''
    let rest = n
    do {
      name = (NAME_CHARS[rest % NAME_CHARS.length] as string) + name
      rest = Math.floor(rest / NAME_CHARS.length)
    } while (rest > 0)
    if (name.length >= 2) names.push(name)
  }
  return JSON.stringify({ query: 'count(*)', perspective: names.join(',') })
}

export interface QueryAttack {
  query?: string
  /** A ready JSON body for a POST; else the query goes in a GET's address. */
  body?: string
  token?: string
}

/** Sends one attack to the content API at `baseUrl`; the response is not read. */
export function sendQueryAttack(baseUrl: string, attack: QueryAttack, signal?: AbortSignal): Promise<Response> {
  const url = `${baseUrl}/v2025-02-19/data/query/production`
  const authorization: Record<string, string> = attack.token ? { authorization: `Bearer ${attack.token}` } : {}
  if (attack.body !== undefined) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authorization },
      body: attack.body,
      ...(signal ? { signal } : {}),
    })
  }
  return fetch(`${url}?query=${encodeURIComponent(attack.query ?? '')}`, {
    headers: authorization,
    ...(signal ? { signal } : {}),
  })
}
