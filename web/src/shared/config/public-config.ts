/**
 * The only settings the browser receives. The server builds them from validated env
 * and embeds them in the page, so one build serves the embedded and the hosted stack.
 */
export interface PublicConfig {
  siteUrl: string
  /** Whether a sign-up carries a proof-of-work solution (ALTCHA); CAPTCHA=off turns it off. */
  captcha: boolean
  sanity: {
    projectId: string
    dataset: string
    apiVersion: string
    /** Absent: hosted Sanity (its CDN). Present: our own content endpoint, '' meaning this origin. */
    apiHost?: string
  }
  /** Set only on pages served to an editor previewing drafts from Sanity Studio. */
  preview?: boolean
  /**
   * Set only on pages of a visitor in a running copy experiment: the arms the page shows
   * (`<experimentId>:<variantId>`), which its revalidation asks for again.
   * Named after a word the page query already holds: the first script's Brotli pays less for it.
   */
  variants?: string[]
  supabase: {
    /** '' means this origin (the self-hosted server answers the Supabase paths). */
    url: string
    anonKey: string
  }
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config'
export const INITIAL_CONTENT_ELEMENT_ID = 'initial-content'

/** What the Vite dev server uses, where no server embeds a config: the local stack behind its proxy. */
export const localPublicConfig: PublicConfig = {
  siteUrl: 'http://localhost:3000',
  captcha: true,
  sanity: { projectId: 'local', dataset: 'production', apiVersion: '2025-02-19', apiHost: '' },
  supabase: { url: '', anonKey: 'local-anon-key' },
}

/** '' in the config means "wherever this page was served from". */
export function resolveOrigin(url: string, origin: string): string {
  return url === '' ? origin : url
}
