import { useCallback, useEffect, useState } from 'react'
import { Button, Card, Flex, Spinner, Stack, Text } from '@sanity/ui'
import type { LaunchApi } from './launch-api.ts'
import { launchCopy as copy } from './launch-copy.ts'
import { LaunchView } from './launch-view.tsx'

type Gate = { state: 'opening' } | { state: 'open' } | { state: 'refused'; reason: string }

/**
 * Opens the tool's credential with `open` (the Studio's handshake, or the proof an offline page was
 * given), then shows the tool; a refusal is said, with a way to try again.
 */
export function LaunchGate({ api, open }: { api: LaunchApi; open: () => Promise<unknown> }) {
  const [gate, setGate] = useState<Gate>({ state: 'opening' })
  const start = useCallback(() => {
    setGate({ state: 'opening' })
    open().then(
      () => setGate({ state: 'open' }),
      (error: unknown) => setGate({ state: 'refused', reason: error instanceof Error ? error.message : String(error) }),
    )
  }, [open])
  useEffect(start, [start])

  if (gate.state === 'open') return <LaunchView api={api} />
  return (
    <Flex padding={5} justify="center">
      {gate.state === 'opening' ? (
        <Flex gap={3} align="center">
          <Spinner muted />
          <Text muted>{copy.opening}</Text>
        </Flex>
      ) : (
        <Card tone="critical" padding={4} radius={2} role="alert">
          <Stack gap={4}>
            <Text>
              {copy.refused} {gate.reason}
            </Text>
            <Button text={copy.retry} onClick={start} />
          </Stack>
        </Card>
      )}
    </Flex>
  )
}
