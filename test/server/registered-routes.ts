// Test helper: every route the server registers, listed from the server itself as the tests build
// it, each with the access level it declares (server/operator/launch-access.ts), so that a hostile
// suite covers a route added later without naming it.
import type { RouteOptions } from 'fastify'
import type { LaunchAccess } from '../../server/operator/launch-access.ts'
import { startTestServer } from './test-server.ts'

export interface RegisteredRoute {
  method: string
  /** The route's path as declared, prefix included (`/api/launch/waitlist/:id/erase`). */
  url: string
  /** The Launch tool's level the route declares; undefined for a route that declares none. */
  access: LaunchAccess | undefined
}

/** Collects the routes of a server being built: pass `onRoute` to startTestServer (or createServer). */
export function routeCollector() {
  const routes: RegisteredRoute[] = []
  return {
    routes,
    onRoute(route: RouteOptions) {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, access: route.config?.access })
    },
  }
}

/** Every route of a server built as the tests build it (offline, on PGlite), with `env` on top. */
export async function registeredRoutes(env: Record<string, string> = {}): Promise<RegisteredRoute[]> {
  const collector = routeCollector()
  const server = await startTestServer(env, { listen: false, onRoute: collector.onRoute })
  await server.close()
  return collector.routes
}
