import type { SupabaseClient } from '@supabase/supabase-js'
import type { Locale } from '../../../../schemas/locales.ts'
import { canonicalEmail } from '../../../../supabase/functions/_shared/welcome/email-address.ts'
import { signupAttribution } from './signup-attribution.ts'

export interface SignUp {
  name: string
  role: string
  email: string
  lang: Locale
  /** The version of the consent text the form showed, kept with the place once it is confirmed. */
  consentVersion: string
}

/** The form does not ask for the company size; it is always stored as this text. */
const UNKNOWN_COMPANY_SIZE = 'unknown'

/**
 * Two calls, in order: the waitlist row, then the welcome email, both with the address in its
 * canonical form (the one the database stores; an address with none goes as typed and is
 * refused). The insert's error is only logged (a returning visitor is already on the list and
 * still deserves the welcome); the welcome's error is the visitor's failure. `altcha` is the
 * proof-of-work solution the welcome function asks for, when it does. The insert also says where
 * the visit came from (signup-attribution.ts).
 */
export async function joinWaitlist(
  supabase: SupabaseClient,
  { name, role, email, lang, consentVersion }: SignUp,
  altcha?: string,
): Promise<void> {
  const address = canonicalEmail(email) ?? email
  const { error: insertError } = await supabase
    .from('waitlist')
    .insert({ email: address, role, company_size: UNKNOWN_COMPANY_SIZE, ...signupAttribution(lang) })
  if (insertError) console.error('[waitlist] insert failed, continuing with the welcome email:', insertError)

  const body = { name, email: address, role, lang, consentVersion, ...(altcha === undefined ? {} : { altcha }) }
  const { error } = await supabase.functions.invoke('send-welcome-email', { body })
  if (error) throw error
}
