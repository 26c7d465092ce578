// Test helper: every route a Fastify app registers, as the app itself lists them, so a test that
// must reach every route covers one added later without being told (GUIDE.md, "Tests"). Fastify
// announces each instance it creates on the `fastify.initialization` diagnostics channel, before
// any plugin runs; an onRoute hook added there sees every route of every scope.
import diagnostics from 'node:diagnostics_channel'
import type { FastifyInstance, RouteOptions } from 'fastify'

export interface RegisteredRoute {
  method: string
  /** As registered, with its parameters (`/api/launch/webhooks/:id`). */
  url: string
  /** The route's schema parts (params, querystring, body, headers), as declared. */
  schema: RouteOptions['schema']
}

/** Runs `build` (which makes one Fastify app) and answers what it built with every route its app registered. */
export async function withRegisteredRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = []
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', ({ method, url, schema }) => {
      for (const one of [method].flat()) routes.push({ method: one, url, schema })
    })
  }
  diagnostics.subscribe('fastify.initialization', onInit)
  try {
    return { built: await build(), routes }
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit)
  }
}
