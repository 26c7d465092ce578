/**
 * The Launch tool's experiment route (docs/launch-api.md, "Experiments"): every experiment with its
 * counts and verdict, and the fields that can hold variants. Counts only, nothing personal, so it is
 * not audited; what the tool writes (start, stop, promote) goes to Sanity as the Studio user.
 * Registered inside the tool's authenticated scope.
 */
import type { FastifyInstance } from 'fastify'
import type { Experiments } from './experiments.ts'

export function registerExperimentRoutes(app: FastifyInstance, experiments: Pick<Experiments, 'overview'>) {
  app.get('/experiments', async () => experiments.overview())
}
