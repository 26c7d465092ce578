import type { Log } from '../runtime/http.ts'
import type { Sql } from '../runtime/sql.ts'
import { CONSENT_VERSION } from './welcome-request.ts'

/** The privacy note's current version as the content gives it; undefined when unknown. */
export type CurrentConsentVersion = () => Promise<string | undefined>

/**
 * The note's current version from `read` (the content's answer to privacyNoteVersionQuery), or
 * undefined when the content cannot say: the welcome then accepts only versions recorded before.
 */
export function currentConsentVersion(read: () => Promise<string | null | undefined>, log: Log): CurrentConsentVersion {
  return async () => {
    try {
      const version = await read()
      return typeof version === 'string' && CONSENT_VERSION.test(version) ? version : undefined
    } catch (error) {
      log('warn', 'the privacy note’s version could not be read', {
        error: error instanceof Error ? error.message : String(error),
      })
      return undefined
    }
  }
}

/**
 * The sweep's step (docs/product.md §4.5): records the note's current version among those it has
 * had (guard.consent_versions), so that a version replaced before any welcome request named it
 * still counts for a visitor whose page showed it. A failure is logged and left to the next sweep.
 */
export async function noteConsentVersion(sql: Sql, current: CurrentConsentVersion, log: Log): Promise<void> {
  const version = await current()
  if (version === undefined) return
  try {
    await sql.query('select guard.note_consent_version($1)', [version])
  } catch (error) {
    log('error', 'the privacy note’s version was not recorded, will retry on the next sweep', { error: String(error) })
  }
}
