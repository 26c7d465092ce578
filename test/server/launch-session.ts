// Test helper: the Launch tool's credential, got as the Studio gets it (docs/decisions/0043-launch-tool.md):
// a nonce from the site, a private proof written with a Studio user's token, exchanged for the cookie,
// from the Studio's origin (only the tool's own pages may change anything, decision 0058).
import { loadConfig } from '../../server/config.ts'
import { newLaunchProof } from '../../schemas/launch-proof.ts'

/** The Studio's origin on a server with the default SANITY_STUDIO_URL: the tests call the tool's API as the Studio does. */
export const STUDIO_ORIGIN = new URL(loadConfig({}).sanity.studioUrl).origin

/**
 * The `pulso_launch=…` cookie for the server at `baseUrl`, for the local Studio user whose token is
 * `editorToken`, asked for from `studioOrigin` (the server's SANITY_STUDIO_URL's), with `headers`
 * on the tool's calls (a client address of its own behind TRUST_PROXY).
 */
export async function launchCookie(
  baseUrl: string,
  editorToken: string,
  { studioOrigin = STUDIO_ORIGIN, headers = {} }: { studioOrigin?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const { nonce } = (await (await fetch(`${baseUrl}/api/launch/nonce`, { headers })).json()) as { nonce: string }
  const proof = newLaunchProof(nonce)
  const written = await fetch(`${baseUrl}/v2025-02-19/data/mutate/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations: [{ create: proof }] }),
  })
  if (!written.ok) throw new Error(`the proof was not written: ${written.status}`)
  const session = await fetch(`${baseUrl}/api/launch/session`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: studioOrigin },
    body: JSON.stringify({ proof: proof._id }),
  })
  const cookie = session.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`no credential: ${session.status}`)
  return cookie
}
