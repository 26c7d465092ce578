import type { SanityClient } from '@sanity/client'
import type { PublicConfig } from '../app/public-config.ts'

const clients = new WeakMap<PublicConfig, Promise<SanityClient>>()

/** One client per page. The first paint uses the prerendered content; the library loads only to revalidate. */
export function contentClientFor(config: PublicConfig): Promise<SanityClient> {
  let client = clients.get(config)
  if (!client) {
    client = import('./sanity-client.ts').then(({ createContentClient }) => createContentClient(config, window.location.origin))
    clients.set(config, client)
  }
  return client
}
