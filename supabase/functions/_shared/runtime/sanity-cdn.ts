import { refreshing } from './refreshing.ts'

export interface SanityProject {
  projectId: string
  dataset: string
  apiVersion: string
  /** Default: the project's CDN, https://{projectId}.apicdn.sanity.io. */
  apiHost?: string
}

/** Enough for the CDN; a welcome is not held up longer by copy it can do without. */
const TIMEOUT_MS = 5_000
const REFRESH_MS = 60_000

/**
 * A GROQ query's answer from a public dataset's HTTP API (published documents, no token), as
 * the edge functions read the welcome's copy. Answers are reused for a minute. `params` are the
 * query's parameters (`$id`), each sent as JSON, as the HTTP API takes them.
 */
export function sanityCdnQuery<T>(
  project: SanityProject,
  query: string,
  fetchImpl: typeof fetch = fetch,
  params: Record<string, string> = {},
): () => Promise<T> {
  const host = (project.apiHost ?? `https://${project.projectId}.apicdn.sanity.io`).replace(/\/+$/, '')
  const search = new URLSearchParams({ query })
  for (const [name, value] of Object.entries(params)) search.set(`$${name}`, JSON.stringify(value))
  const url = `${host}/v${project.apiVersion}/data/query/${project.dataset}?${search}`
  return refreshing(async () => {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    if (!response.ok) throw new Error(`Sanity answered ${response.status} for the welcome copy`)
    return ((await response.json()) as { result: T }).result
  }, REFRESH_MS)
}
