/**
 * Where the server reads the experiments: the seed once per version of it, or hosted Sanity. Pages
 * read the running ones through the CDN, refreshed at most once a minute (as the page's content);
 * the Launch tool reads them fresh with the viewer token, so its own start or stop shows at once.
 */
import type { ExperimentsOverviewQueryResult, RunningExperimentsQueryResult } from '../../schemas/sanity.types.ts'
import type { ServerConfig } from '../config.ts'
import type { LocalDatasetSource } from '../sanity/local-dataset.ts'
import { createPublishedClient } from '../site/page-content.ts'
import { hostedQuery, localQuery } from '../site/query-source.ts'
import { experimentsOverviewQuery } from './experiment-results.ts'
import type { ExperimentSources } from './experiments.ts'
import { runningExperiments, runningExperimentsQuery } from './running-experiments.ts'

export function experimentSources({ sanity }: ServerConfig, localDataset: LocalDatasetSource | undefined): ExperimentSources {
  if (localDataset) {
    return {
      running: runningExperiments(localQuery<RunningExperimentsQueryResult>(localDataset, runningExperimentsQuery)),
      overview: localQuery<ExperimentsOverviewQueryResult>(localDataset, experimentsOverviewQuery),
    }
  }
  const published = createPublishedClient(sanity)
  const fresh = sanity.viewerToken ? published.withConfig({ useCdn: false, token: sanity.viewerToken }) : published
  return {
    running: runningExperiments(hostedQuery<RunningExperimentsQueryResult>(published, runningExperimentsQuery)),
    overview: () => fresh.fetch<ExperimentsOverviewQueryResult>(experimentsOverviewQuery),
  }
}
