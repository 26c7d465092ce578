// Test helper: every route a Fastify app registers, as the app itself lists them, each with the
// Launch tool's access level it declares (server/operator/launch-access.ts), so a test that must
// reach every route covers one added later without being told (GUIDE.md, "Tests"). Fastify
// announces each instance it creates on the `fastify.initialization` diagnostics channel, before
// any plugin runs; an onRoute hook added there sees every route of every scope.
import diagnostics from 'node:diagnostics_channel'
import type { FastifyInstance, RouteOptions } from 'fastify'
import type { LaunchAccess } from '../../server/operator/launch-access.ts'

export interface RegisteredRoute {
  method: string
  /** As registered, prefix and parameters included (`/api/launch/waitlist/:id/erase`). */
  url: string
  /** The route's schema parts (params, querystring, body, headers), as declared. */
  schema: RouteOptions['schema']
  /** The Launch tool's level the route declares; undefined for a route that declares none. */
  access: LaunchAccess | undefined
}

/** Runs `build` (which makes one Fastify app) and answers what it built with every route its app registered. */
export async function withRegisteredRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = []
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', ({ method, url, schema, config }) => {
      for (const one of [method].flat()) routes.push({ method: one, url, schema, access: config?.access })
    })
  }
  diagnostics.subscribe('fastify.initialization', onInit)
  try {
    return { built: await build(), routes }
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit)
  }
}
