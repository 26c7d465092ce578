// Test helper: the Launch tool's credential, got as the Studio gets it (docs/decisions/0043-launch-tool.md):
// a nonce from the site, a private proof written with the editor's token, exchanged for the cookie.
import { newLaunchProof } from '../../schemas/launch-proof.ts'

/** The `pulso_launch=…` cookie for the server at `baseUrl`, whose local editor token is `editorToken`. */
export async function launchCookie(baseUrl: string, editorToken: string): Promise<string> {
  const { nonce } = (await (await fetch(`${baseUrl}/api/launch/nonce`)).json()) as { nonce: string }
  const proof = newLaunchProof(nonce)
  const written = await fetch(`${baseUrl}/v2025-02-19/data/mutate/production`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations: [{ create: proof }] }),
  })
  if (!written.ok) throw new Error(`the proof was not written: ${written.status}`)
  const session = await fetch(`${baseUrl}/api/launch/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ proof: proof._id }),
  })
  const cookie = session.headers.get('set-cookie')?.split(';')[0]
  if (!cookie) throw new Error(`no credential: ${session.status}`)
  return cookie
}
