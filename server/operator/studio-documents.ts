/**
 * What the Launch tool's handshake reads from the dataset with the viewer token: a proof document
 * (private ids included) and who wrote it, from the dataset's transaction history, where Sanity
 * sets `author` from the writer's session, not from anything the writer sends. The same two HTTP
 * APIs on hosted Sanity and on this server's stand-in for it (server/sanity/studio-writes.ts).
 */
export interface StudioDocument {
  _id: string
  _type: string
  [field: string]: unknown
}

export interface StudioDocuments {
  get(id: string): Promise<StudioDocument | undefined>
  /** The author of the document's first transaction; undefined when the history has none. */
  author(id: string): Promise<string | undefined>
}

export interface StudioDocumentsOptions {
  /** `https://<projectId>.api.sanity.io`, or this server's own origin offline (known once it listens). */
  apiOrigin: () => string
  apiVersion: string
  dataset: string
  viewerToken: string
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
}

export function studioDocuments({
  apiOrigin,
  apiVersion,
  dataset,
  viewerToken,
  fetch = globalThis.fetch,
  timeoutMs = 5_000,
}: StudioDocumentsOptions): StudioDocuments {
  const call = async (path: string) => {
    const response = await fetch(`${apiOrigin()}/v${apiVersion}/data/${path}`, {
      headers: { authorization: `Bearer ${viewerToken}` },
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`Sanity answered ${response.status} to data/${path.split('/')[0]}`)
    return response.text()
  }
  return {
    async get(id) {
      const body = JSON.parse(await call(`doc/${dataset}/${encodeURIComponent(id)}`)) as { documents?: StudioDocument[] }
      return body.documents?.find((document) => document._id === id)
    },
    async author(id) {
      const ndjson = await call(`history/${dataset}/transactions/${encodeURIComponent(id)}?excludeContent=true`)
      const first = ndjson.split('\n').find((line) => line.trim() !== '')
      const author = first ? (JSON.parse(first) as { author?: unknown }).author : undefined
      return typeof author === 'string' ? author : undefined
    },
  }
}
