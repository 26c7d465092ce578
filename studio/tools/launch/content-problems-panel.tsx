import { Button, Card, Stack, Text } from '@sanity/ui'
import useSWR from 'swr'
import type { LaunchApi, ListedContentProblem } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { LoadError } from './load-error.tsx'
import { Table } from './overview.tsx'
import { REFRESH_MS } from './refresh.ts'

const copy = launchCopy.contentProblems

/** The document a problem is in, as an editor finds it in the desk: its type, and its id where the type has many. */
function documentName({ document }: ListedContentProblem): string {
  if (!document) return copy.wholeAnswer
  if (!document.id) return copy.allOf(document.type)
  return document.id === document.type ? document.type : `${document.type} · ${document.id}`
}

/**
 * The content's problems (docs/decisions/0062-content-parsed-where-it-enters.md): each value the
 * schema does not allow, which the page and the emails leave out for its fallback, with a link to
 * its document in the Studio, at the field.
 */
export function ContentProblemsPanel({ api }: { api: LaunchApi }) {
  const { data, error } = useSWR('content-problems', () => api.contentProblems(), { refreshInterval: REFRESH_MS })
  if (error) return <LoadError error={error} />
  if (!data) return null
  return (
    <Stack gap={3}>
      <Text muted>{copy.intro}</Text>
      {data.problems.length === 0 ? (
        <Card tone="positive" padding={3} radius={2}>
          <Text>{copy.none}</Text>
        </Card>
      ) : (
        <Table
          label={copy.title}
          head={[copy.columns.document, copy.columns.field, copy.columns.expected, copy.columns.actions]}
          rows={data.problems.map((problem) => [
            documentName(problem),
            problem.field,
            problem.expected,
            problem.studioUrl ? (
              <Button
                as="a"
                href={problem.studioUrl}
                target="_blank"
                rel="noopener noreferrer"
                text={copy.open}
                mode="ghost"
                fontSize={1}
                aria-label={`${copy.open}: ${documentName(problem)}, ${problem.field}`}
              />
            ) : (
              ''
            ),
          ])}
        />
      )}
    </Stack>
  )
}
