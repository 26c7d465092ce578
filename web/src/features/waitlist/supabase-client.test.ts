import { describe, expect, it } from 'vitest'
import { localPublicConfig, type PublicConfig } from '../../shared/config/public-config.ts'
import { serveWaitlist } from '../../../../test/web/network.ts'
import { loadSupabase } from './supabase-client.ts'

const project = (url: string, anonKey: string): PublicConfig => ({ ...localPublicConfig, supabase: { url, anonKey } })

describe('loadSupabase', () => {
  it('talks to the project each config names, whichever was loaded first', async () => {
    const calls = serveWaitlist()
    const first = project('https://first.supabase.test', 'first-key')
    const second = project('https://second.supabase.test', 'second-key')

    await (await loadSupabase(first)).from('waitlist').insert({ email: 'a@example.com' })
    await (await loadSupabase(second)).from('waitlist').insert({ email: 'b@example.com' })

    expect(calls.map((call) => call.headers.get('apikey'))).toEqual(['first-key', 'second-key'])
  })

  it('loads one client per config', async () => {
    const config = project('https://first.supabase.test', 'first-key')
    expect(await loadSupabase(config)).toBe(await loadSupabase(config))
  })
})
