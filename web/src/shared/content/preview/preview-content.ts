import type { PageContent } from '../page-copy.ts'
import { PREVIEW_CONTENT_PATH } from './preview-paths.ts'

/** Drafts of the page `page` for an editor's preview, read by the server (which holds the token) for this browser's preview cookie. */
export async function fetchPreviewContent(page: string): Promise<{ result: PageContent; syncTags: string[] }> {
  const address = `${PREVIEW_CONTENT_PATH}?page=${encodeURIComponent(page)}`
  const response = await fetch(address, { credentials: 'same-origin', headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`Preview content failed: HTTP ${response.status}`)
  return (await response.json()) as { result: PageContent; syncTags: string[] }
}
