// The versions a consent may name (guard.consent_versions, guard.record_welcome), on both
// databases: the note's first version and the code's own, every current version the content gave,
// and nothing else, whoever the address is.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWelcomeStore } from '../../supabase/functions/_shared/welcome/welcome-store.ts'
import { noteConsentVersion } from '../../supabase/functions/_shared/welcome/consent-versions.ts'
import { FALLBACK_CONSENT_VERSION } from '../../web/src/shared/content/signup-fallbacks.ts'
import { databaseKinds, type MigratedDatabase } from '../../test/database/test-databases.ts'

describe.each(databaseKinds)('consent versions on $kind', ({ open }) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await open()
    await database.db.query(`update guard.limits set max_hits = 1000`)
  })
  afterAll(() => database?.close())

  let next = 0
  /** A listed address of its own, or an unlisted one. */
  async function address(listed: boolean): Promise<string> {
    const email = `person-${(next += 1)}@empresa.com`
    if (listed) await database.db.query(`insert into public.waitlist (email, role) values ($1, 'CTO')`, [email])
    return email
  }
  const welcome = (email: string, consentVersion: string | undefined, current?: string) =>
    createWelcomeStore(database.db).record(
      { email, name: 'Ana', locale: 'pt', ...(consentVersion ? { consentVersion } : {}) },
      new Headers({ 'x-forwarded-for': '203.0.113.9' }),
      current,
    )
  const recordedVersion = async (email: string) =>
    (await database.db.query('select consent_version from public.welcome_emails where email = $1', [email])).rows

  it('refuses a version the note never had, listed or not, and records nothing', async () => {
    for (const listed of [true, false]) {
      const email = await address(listed)
      expect(await welcome(email, 'never-shown:v0', '2026-11-23')).toEqual({ outcome: 'unknown_consent' })
      expect(await recordedVersion(email)).toEqual([])
    }
  })

  it('accepts the note’s first version and the code’s own words, and a welcome that names none', async () => {
    for (const version of ['2026-11-23', FALLBACK_CONSENT_VERSION, undefined]) {
      const email = await address(true)
      expect(await welcome(email, version)).toEqual({ outcome: 'recorded' })
      expect(await recordedVersion(email)).toEqual([{ consent_version: version ?? null }])
    }
  })

  it('accepts the content’s current version, and keeps accepting it once the note has moved on', async () => {
    const first = await address(true)
    expect(await welcome(first, '2026-12-01', undefined)).toEqual({ outcome: 'unknown_consent' })
    expect(await welcome(first, '2026-12-01', '2026-12-01')).toEqual({ outcome: 'recorded' })
    // The note is at a newer version now, or the content cannot be read: the old one still counts.
    expect(await welcome(await address(true), '2026-12-01', '2026-12-09')).toEqual({ outcome: 'recorded' })
    expect(await welcome(await address(true), '2026-12-01', undefined)).toEqual({ outcome: 'recorded' })
  })

  it('records the current version on the sweep, before any welcome names it', async () => {
    const log = vi.fn()
    await noteConsentVersion(database.db, async () => '2026-12-15', log)
    await noteConsentVersion(database.db, async () => '2026-12-15', log)
    await noteConsentVersion(database.db, async () => undefined, log)
    expect(log).not.toHaveBeenCalled()
    expect(await welcome(await address(true), '2026-12-15')).toEqual({ outcome: 'recorded' })
    const { rows } = await database.db.query(`select count(*)::int as n from guard.consent_versions where version = '2026-12-15'`)
    expect(rows).toEqual([{ n: 1 }])
  })
})
