/**
 * The Launch tool's experiment route (docs/launch-api.md, "Experiments"): every experiment with its
 * counts and verdict, and the fields that can hold variants. Counts only, nothing personal, so it is
 * not audited; what the tool writes (start, stop, promote) goes to Sanity as the Studio user.
 * Numbers level: every member who can write to the dataset (docs/decisions/0060-two-access-levels.md).
 */
import type { FastifyInstance } from 'fastify'
import type { Experiments } from './experiments.ts'
import { NUMBERS } from '../operator/launch-access.ts'

export function registerExperimentRoutes(app: FastifyInstance, experiments: Pick<Experiments, 'overview'>) {
  app.get('/experiments', NUMBERS, async () => experiments.overview())
}
