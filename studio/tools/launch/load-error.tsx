import { Card, Text } from '@sanity/ui'
import { launchCopy as copy } from './launch-copy.ts'

/** What a view says when the site did not answer it. */
export function LoadError({ error }: { error: unknown }) {
  return (
    <Card tone="critical" padding={3} radius={2} role="alert">
      <Text>
        {copy.loadFailed} {error instanceof Error ? error.message : String(error)}
      </Text>
    </Card>
  )
}
