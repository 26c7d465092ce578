import { Stack, Text } from '@sanity/ui'
import useSWR from 'swr'
import { LaunchApiError, type ExperimentResult, type LaunchApi } from './launch-api.ts'
import { useContentWriter } from './content-writer.tsx'
import { ExperimentCard } from './experiment-card.tsx'
import { experimentsCopy as copy } from './experiments-copy.ts'
import { LoadError } from './load-error.tsx'
import { NewExperiment } from './new-experiment.tsx'
import { REFRESH_MS } from './refresh.ts'
import { experimentsServed } from '../../../schemas/experiments.ts'

/**
 * Copy experiments (docs/product.md §12): a new one on a field that holds none, then each one with
 * its results, read again every few seconds; start, stop and promote write to Sanity as the Studio
 * user (content-writer.tsx), and the site sees the change like any edit.
 */
export function ExperimentsPanel({ api }: { api: LaunchApi }) {
  const { data, error, mutate } = useSWR('experiments', () => api.experiments(), { refreshInterval: REFRESH_MS })
  const writer = useContentWriter()
  if (error instanceof LaunchApiError && error.status === 404) return <Text muted>{copy.unavailable}</Text>
  const changed = () => void mutate()
  return (
    <Stack gap={5}>
      <Text size={1} muted>
        {copy.intro}
      </Text>
      {error ? <LoadError error={error} /> : null}
      {writer ? (
        data ? (
          <NewExperiment fields={data.fields} writer={writer} onCreated={changed} />
        ) : null
      ) : (
        <Text size={1}>{copy.noWriter}</Text>
      )}
      {data && data.experiments.length === 0 ? <Text muted>{copy.none}</Text> : null}
      {data?.experiments.map((experiment) => (
        <ExperimentCard
          key={experiment.id}
          experiment={experiment}
          hasRoom={hasRoom(data.experiments, experiment)}
          writer={writer}
          onChanged={changed}
        />
      ))}
    </Stack>
  )
}

/** Whether the server would assign visitors in `candidate` too, were it started now beside those it serves (experimentsServed). */
function hasRoom(experiments: readonly ExperimentResult[], candidate: ExperimentResult): boolean {
  const served = experiments.filter((experiment) => experiment.served)
  return experimentsServed([...served, candidate]).includes(candidate)
}
