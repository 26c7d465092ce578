import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Box, Button, Card, Flex, Spinner, Stack, Text } from '@sanity/ui'
import type { LaunchApi, LaunchSession } from './launch-api.ts'
import { launchCopy as copy } from './launch-copy.ts'
import { LaunchView } from './launch-view.tsx'

type Gate =
  | { state: 'opening' }
  | { state: 'open'; session: LaunchSession }
  | { state: 'refused'; reason: string }
  | { state: 'signed-out' }

/**
 * Opens the tool's session with `open` (the Studio's handshake, or the proof an offline page was
 * given), then shows the tool at the session's level; a refusal is said, with a way to try again,
 * and so is signing out. The tool is the page's main landmark.
 */
export function LaunchGate({ api, open }: { api: LaunchApi; open: () => Promise<LaunchSession> }) {
  const [gate, setGate] = useState<Gate>({ state: 'opening' })
  const start = useCallback(() => {
    setGate({ state: 'opening' })
    open().then(
      (session) => setGate({ state: 'open', session }),
      (error: unknown) => setGate({ state: 'refused', reason: error instanceof Error ? error.message : String(error) }),
    )
  }, [open])
  useEffect(start, [start])

  if (gate.state === 'open') {
    return (
      <Box as="main">
        <LaunchView api={api} session={gate.session} onSignedOut={() => setGate({ state: 'signed-out' })} />
      </Box>
    )
  }
  if (gate.state === 'opening') {
    return (
      <Centered>
        <Flex gap={3} align="center">
          <Spinner muted />
          <Text muted>{copy.opening}</Text>
        </Flex>
      </Centered>
    )
  }
  return (
    <Centered>
      <Card tone={gate.state === 'refused' ? 'critical' : 'default'} padding={4} radius={2} border role="alert">
        <Stack gap={4}>
          <Text>{gate.state === 'refused' ? `${copy.refused} ${gate.reason}` : copy.signedOut}</Text>
          <Button text={gate.state === 'refused' ? copy.retry : copy.openAgain} onClick={start} />
        </Stack>
      </Card>
    </Centered>
  )
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Flex as="main" padding={5} justify="center">
      {children}
    </Flex>
  )
}
