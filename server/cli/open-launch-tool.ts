import { loadConfig } from '../config.ts'
import { failureMessage } from '../failure-message.ts'
import { parseArgs } from 'node:util'
import { localEditors, type LocalIdentity } from '../sanity/local-editor.ts'
import { newLaunchProof } from '../../schemas/launch-proof.ts'

/**
 * `npm run launch:open`, offline: writes the Launch tool's proof as the Studio would (a nonce from the
 * running server, a private document written with the local editor's token) and prints the address
 * that opens the tool with it, valid for a minute and once. `-- --as copywriter` writes it as the
 * second local identity, who can edit content but holds no administrator role, so the tool opens
 * with the numbers only (docs/decisions/0060-two-access-levels.md). The address is the site's own
 * (SITE_URL, or LAUNCH_SERVER_URL): only the tool's own pages may change anything. With hosted
 * Sanity, the Studio's own Launch tool does this; this command says so.
 */
async function main() {
  const config = loadConfig(process.env)
  if (config.sanity.hosted) {
    console.error('Content is in hosted Sanity: open the Launch tool in the Studio (sanity dev, or your deployed Studio).')
    process.exit(1)
  }
  const { values } = parseArgs({ options: { as: { type: 'string', default: 'editor' } } })
  const identities = await localEditors(config)
  if (!(values.as in identities)) {
    console.error(`--as names a local identity: ${Object.keys(identities).join(' or ')}.`)
    process.exit(1)
  }
  const editor = identities[values.as as LocalIdentity]
  const server = (process.env.LAUNCH_SERVER_URL ?? config.siteUrl).replace(/\/+$/, '')
  const nonceAnswer = await fetch(`${server}/api/launch/nonce`).catch(() => undefined)
  if (!nonceAnswer?.ok) {
    console.error(`No Launch tool answers at ${server} (is \`npm start\` running? LAUNCH_SERVER_URL says where).`)
    process.exit(1)
  }
  const proof = newLaunchProof(((await nonceAnswer.json()) as { nonce: string }).nonce)
  const written = await fetch(`${server}/v${config.sanity.apiVersion}/data/mutate/${config.sanity.dataset}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ mutations: [{ create: proof }] }),
  })
  if (!written.ok) {
    console.error(`The server refused the proof (${written.status}): does it use the same DATA_DIR or SANITY_LOCAL_EDITOR_TOKEN?`)
    process.exit(1)
  }
  // The fragment (never sent to a server) carries the editor's session for the tool's writes to content.
  const session = new URLSearchParams({ editor: editor.token, dataset: config.sanity.dataset })
  console.log(`${server}/launch/?proof=${encodeURIComponent(proof._id)}#${session}`)
  console.error('Open it within a minute; it works once.')
}

main().catch((error: unknown) => {
  console.error(failureMessage(error))
  process.exit(1)
})
