/**
 * The addresses pages have had (docs/decisions/0077-old-addresses-remembered-by-the-server.md): each
 * page's paths are noted as the server routes them, in the sign-ups' database (site.page_paths, migration
 * 20261207090000, the hosted project's over its RPC with the secret key); an address a page no longer has
 * is then found here, and answered with a permanent redirect to the page's address now in its language.
 * Whatever changed the slug (the Studio, a script, a migration), the old address keeps working.
 */
import { locales, type Locale } from '../../schemas/locales.ts'
import type { Sql } from '../../supabase/functions/_shared/runtime/sql.ts'
import { secretRpc, type SecretRpcOptions } from '../supabase/secret-rpc.ts'
import type { PageRoutes } from './page-routes.ts'

/** A page seen at an address, in the address's language. */
export interface RememberedPath {
  path: string
  page: string
  locale: Locale
}

/** Where the addresses are kept: the two functions of migration 20261207090000. */
export interface PagePathStore {
  remember(paths: RememberedPath[]): Promise<number>
  all(): Promise<RememberedPath[]>
}

export const sqlPagePathStore = (db: Sql): PagePathStore => ({
  remember: async (paths) =>
    (await db.query<{ changed: number }>('select public.site_remember_page_paths($1::jsonb) as changed', [JSON.stringify(paths)]))
      .rows[0]?.changed ?? 0,
  all: async () => (await db.query<{ paths: RememberedPath[] }>('select public.site_page_paths() as paths')).rows[0]?.paths ?? [],
})

export function restPagePathStore(options: SecretRpcOptions): PagePathStore {
  const rpc = secretRpc(options)
  return { remember: (paths) => rpc('site_remember_page_paths', { p_paths: paths }), all: () => rpc('site_page_paths', {}) }
}

/** A store in this process only, where the sign-ups' database is out of reach: the addresses are forgotten on a restart. */
export function memoryPagePathStore(): PagePathStore {
  const kept = new Map<string, RememberedPath>()
  return {
    remember: async (paths) => {
      for (const path of paths) kept.set(path.path, path)
      return paths.length
    },
    all: async () => [...kept.values()],
  }
}

export interface PagePathMemory {
  /** Notes the addresses `routes` serve: a new one (or one another page took) is remembered. */
  note(routes: PageRoutes): Promise<void>
  /** Where the page once at `path` is now, in that address's language; undefined if none, or it is gone. */
  redirect(path: string, routes: PageRoutes): string | undefined
}

export function createPagePathMemory(store: PagePathStore, log: { warn(object: object, message: string): void }): PagePathMemory {
  const known = new Map<string, RememberedPath>()
  const loaded = store.all().then(
    (paths) => {
      for (const path of paths) known.set(path.path, path)
    },
    (error: unknown) => log.warn({ err: error }, 'the addresses pages had could not be read: old addresses will not redirect'),
  )
  let writing = Promise.resolve()
  return {
    async note(routes) {
      await loaded
      const fresh = routes.pages.flatMap((page) =>
        locales.flatMap((locale) => {
          const path = page.paths[locale]
          if (path === undefined) return []
          const held = known.get(path)
          return held?.page === page.id && held.locale === locale ? [] : [{ path, page: page.id, locale }]
        }),
      )
      if (fresh.length === 0) return
      for (const path of fresh) known.set(path.path, path)
      // One write at a time, in the order the routes changed.
      writing = writing.then(() =>
        store.remember(fresh).then(
          () => undefined,
          (error: unknown) => log.warn({ err: error, paths: fresh.length }, 'the addresses of pages could not be written'),
        ),
      )
      await writing
    },
    redirect(path, routes) {
      const was = known.get(path)
      const now = was && routes.page(was.page)?.paths[was.locale]
      return now && now !== path ? now : undefined
    },
  }
}
