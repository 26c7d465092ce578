import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { ServerConfig } from '../config.ts'
import type { LocalEditor } from './studio-writes.ts'

/** The Sanity user id the offline history gives the local editor (hosted ids look alike: p + letters). */
export const LOCAL_EDITOR_USER_ID = 'pLocalEditor'
const TOKEN_FILE = 'local-editor-token'

/**
 * The local editor, who writes offline as a Studio user would: its token is SANITY_LOCAL_EDITOR_TOKEN,
 * else one made on first use and kept in DATA_DIR (readable by this user only), so that the server
 * and `npm run launch:open` share it across restarts.
 */
export async function localEditor(config: Pick<ServerConfig, 'sanity' | 'dataDir'>): Promise<LocalEditor> {
  if (config.sanity.localEditorToken) return { token: config.sanity.localEditorToken, userId: LOCAL_EDITOR_USER_ID }
  const dir = resolve(config.dataDir)
  const file = join(dir, TOKEN_FILE)
  const kept = await readFile(file, 'utf8').catch(() => '')
  if (kept.trim().length >= 20) return { token: kept.trim(), userId: LOCAL_EDITOR_USER_ID }
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const token = randomBytes(24).toString('base64url')
  await writeFile(file, `${token}\n`, { mode: 0o600 })
  return { token, userId: LOCAL_EDITOR_USER_ID }
}
