import type { FastifyPluginAsync } from 'fastify'

/** Long enough for a healthy database or seed, short enough that a probe never waits on a stuck one. */
const CHECK_TIMEOUT_MS = 2_000

export interface HealthRoutesOptions {
  /** Each part the site needs, by name; a part is healthy when its check resolves in time. */
  checks: Record<string, () => Promise<unknown>>
  timeoutMs?: number
}

type Outcome = 'ok' | 'failed' | 'timed out'

/**
 * `GET /healthz` for load balancers, supervisors and the end-to-end tests' start-up: 200 when
 * every part answers, 503 naming the parts that did not. Why a part failed goes to the log, not
 * to whoever asks.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { checks, timeoutMs = CHECK_TIMEOUT_MS }) => {
  app.get('/healthz', async (request, reply) => {
    const outcomes = await Promise.all(
      Object.entries(checks).map(async ([name, check]): Promise<[string, Outcome]> => {
        let timer: NodeJS.Timeout | undefined
        const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), timeoutMs)))
        const checked = Promise.resolve()
          .then(check)
          .then(
            (): Outcome => 'ok',
            (error: unknown): Outcome => {
              request.log.warn({ err: error, check: name }, 'health check failed')
              return 'failed'
            },
          )
        const outcome = await Promise.race([checked, timedOut])
        clearTimeout(timer)
        if (outcome === 'timed out') request.log.warn({ check: name, timeoutMs }, 'health check timed out')
        return [name, outcome]
      }),
    )
    const healthy = outcomes.every(([, outcome]) => outcome === 'ok')
    return reply
      .code(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: healthy ? 'ok' : 'unavailable', checks: Object.fromEntries(outcomes) })
  })
}
