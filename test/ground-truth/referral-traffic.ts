// Test helper: people joining through someone's referral link, as the page and their inbox make
// them do it: the form's two supabase-js calls from their own address and browser (the page
// address's `ref` travels in the insert, decision 0042), then the confirm link of the welcome
// their inbox received, pressed from wherever they are then.
import { createClient } from '@supabase/supabase-js'
import type { ReceivedMail, SmtpInbox } from '../mail/smtp-inbox.ts'
import { LOCAL_ANON_KEY } from '../server/visitors.ts'

/** Where a request comes from, as the proxy in front of the server names it (TRUST_PROXY trusts it). */
export interface Origin {
  address: string
  userAgent: string
}

export interface Joiner extends Origin {
  email: string
  name: string
  lang: 'pt' | 'en'
  /** The code the page address carried (`/?ref=…`), if any. */
  ref?: string
}

/** The privacy note's version the seed's form shows (studio/seed/data.ndjson). */
export const SEED_CONSENT_VERSION = '2026-11-29'

export function referralTraffic({ baseUrl, siteUrl, inbox }: { baseUrl: string; siteUrl: string; inbox: SmtpInbox }) {
  const headersOf = ({ address, userAgent }: Origin) => ({ 'x-forwarded-for': address, 'user-agent': userAgent })

  /** A personal link in a message's text, as a path and query on the site. */
  function linkIn(mail: ReceivedMail, path: string): string {
    const match = new RegExp(`${siteUrl}(${path}\\?token=\\S+)`).exec(mail.text)
    if (!match?.[1]) throw new Error(`no ${path} link in:\n${mail.text}`)
    return match[1]
  }

  return {
    linkIn,

    /** The form's two calls; throws when either fails. */
    async join(person: Joiner): Promise<void> {
      const client = createClient(baseUrl, LOCAL_ANON_KEY, {
        auth: { persistSession: false },
        global: { headers: headersOf(person) },
      })
      const row = {
        email: person.email,
        role: 'Gestora de Pessoas',
        company_size: 'unknown',
        ...(person.ref ? { ref: person.ref } : {}),
      }
      const inserted = await client.from('waitlist').insert(row)
      if (inserted.error) throw new Error(`insert of ${person.email} failed: ${inserted.error.message}`)
      const welcomed = await client.functions.invoke('send-welcome-email', {
        body: { name: person.name, email: person.email, role: row.role, lang: person.lang, consentVersion: SEED_CONSENT_VERSION },
      })
      if (welcomed.error) throw new Error(`welcome of ${person.email} failed: ${welcomed.error.message}`)
    },

    /** Presses the confirm button of the welcome `email` received, from `origin`; answers the page's status. */
    async confirm(email: string, origin: Origin): Promise<number> {
      const [welcome] = await inbox.waitFor(email)
      if (!welcome) throw new Error(`no welcome for ${email}`)
      const path = linkIn(welcome, welcome.text.includes('/en/confirm') ? '/en/confirm' : '/confirmar')
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headersOf(origin), 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      })
      await response.arrayBuffer()
      return response.status
    },

    /** Opens a page of the site from `origin`; answers its status and body. */
    async open(path: string, origin: Origin): Promise<{ status: number; body: string }> {
      const response = await fetch(`${baseUrl}${path}`, { headers: headersOf(origin) })
      return { status: response.status, body: await response.text() }
    },
  }
}

export type ReferralTraffic = ReturnType<typeof referralTraffic>
