/**
 * Who writes the Launch tool's changes to content: the Studio user's own session. In the Studio it
 * is the tool's `useClient()` (launch-tool.tsx); where no Studio runs (offline, `/launch/`) it is the
 * local editor's token that `npm run launch:open` hands the page in its address's fragment, sent to
 * the server's stand-in for Sanity's mutate endpoint. Either way Sanity (or the stand-in) records
 * the author from the session, never from the request.
 */
import { createContext, useContext } from 'react'
import type { Mutation } from './experiment-writes.ts'
import { STUDIO_API_VERSION } from '../../api-version.ts'

export interface ContentWriter {
  mutate(mutations: Mutation[]): Promise<unknown>
}

export const ContentWriterContext = createContext<ContentWriter | undefined>(undefined)

/** The session that writes content, or undefined where the tool was opened without one. */
export const useContentWriter = () => useContext(ContentWriterContext)

/** Writes with a token over Sanity's HTTP API at `origin`, as @sanity/client's mutate does. */
export function tokenContentWriter({
  origin,
  dataset,
  token,
}: {
  origin: string
  dataset: string
  token: string
}): ContentWriter {
  return {
    async mutate(mutations) {
      const response = await fetch(
        `${origin}/v${STUDIO_API_VERSION}/data/mutate/${encodeURIComponent(dataset)}?visibility=sync`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ mutations }),
        },
      )
      const body = (await response.json().catch(() => ({}))) as { error?: { description?: string } }
      if (!response.ok) throw new Error(body.error?.description ?? `Sanity answered ${response.status}`)
      return body
    },
  }
}
