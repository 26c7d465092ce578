import { createHmac, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { ServerConfig } from '../config.ts'
import type { LocalEditor } from './studio-writes.ts'

/** The Sanity user id the offline history gives the local editor (hosted ids look alike: p + letters). */
export const LOCAL_EDITOR_USER_ID = 'pLocalEditor'
/** The second local identity: a member who can write content but holds no administrator role. */
export const LOCAL_COPYWRITER_USER_ID = 'pLocalCopywriter'
const TOKEN_FILE = 'local-editor-token'

/** Who writes offline as a Studio user would, by the name `npm run launch:open -- --as <name>` takes. */
export type LocalIdentity = 'editor' | 'copywriter'

/**
 * The copywriter's token, made from the editor's: one secret kept for both, and a test that sets
 * SANITY_LOCAL_EDITOR_TOKEN knows both.
 */
export const copywriterTokenOf = (editorToken: string) =>
  createHmac('sha256', editorToken).update('pulso-local-copywriter').digest('base64url')

/**
 * The Studio users offline, each with a token that stands for their session and the project roles
 * Sanity's Access API would give them (server/sanity/studio-members.ts answers it): the local
 * editor, an administrator, and a copywriter, an editor who is no administrator, so that the
 * Launch tool's two levels can be used and tested offline (docs/decisions/0060-two-access-levels.md).
 * The editor's token is SANITY_LOCAL_EDITOR_TOKEN, else one made on first use and kept in DATA_DIR
 * (readable by this user only), so that the server and `npm run launch:open` share it across restarts.
 */
export async function localEditors(
  config: Pick<ServerConfig, 'sanity' | 'dataDir'>,
): Promise<Record<LocalIdentity, LocalEditor>> {
  const token = config.sanity.localEditorToken ?? (await keptToken(resolve(config.dataDir)))
  return {
    editor: { token, userId: LOCAL_EDITOR_USER_ID, sanityUserId: 'gLocalEditor', roles: ['administrator'] },
    copywriter: {
      token: copywriterTokenOf(token),
      userId: LOCAL_COPYWRITER_USER_ID,
      sanityUserId: 'gLocalCopywriter',
      roles: ['editor'],
    },
  }
}

async function keptToken(dir: string): Promise<string> {
  const file = join(dir, TOKEN_FILE)
  const kept = await readFile(file, 'utf8').catch(() => '')
  if (kept.trim().length >= 20) return kept.trim()
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const token = randomBytes(24).toString('base64url')
  await writeFile(file, `${token}\n`, { mode: 0o600 })
  return token
}
