import { useState } from 'react'
import { Badge, Button, Card, Dialog, Flex, Heading, Stack, Text, TextInput } from '@sanity/ui'
import type { ArmResult, ExperimentResult } from './launch-api.ts'
import type { ContentWriter } from './content-writer.tsx'
import { evenSplit, promoteArm, startExperiment, stopExperiment, type Mutation } from './experiment-writes.ts'
import { experimentsCopy as copy } from './experiments-copy.ts'
import { Table } from './overview.tsx'

const tones = { draft: 'default', running: 'positive', stopped: 'caution', ended: 'primary' } as const

/** One experiment: what it tests, its split, its results and verdict, and what can be done with it now. */
export function ExperimentCard({
  experiment,
  hasRoom,
  writer,
  onChanged,
}: {
  experiment: ExperimentResult
  /** Whether the server would assign visitors in it once started, beside those running (experimentsServed). */
  hasRoom: boolean
  writer: ContentWriter | undefined
  onChanged: () => void
}) {
  const [split, setSplit] = useState(() => evenSplit(experiment.arms.length).map(String))
  const [promoting, setPromoting] = useState<ArmResult | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  const { status, field, verdict } = experiment
  const shares = split.map(Number)
  const splitFits = shares.every((share) => Number.isFinite(share) && share >= 0) && shares.reduce((a, b) => a + b, 0) === 100
  const winner = verdict.kind === 'winner' ? verdict.arm : verdict.kind === 'default-wins' ? 'default' : undefined
  const canPromote = Boolean(writer && field && (status === 'running' || status === 'stopped'))

  async function write(mutations: Mutation[]) {
    if (!writer) return
    setFailure(undefined)
    try {
      await writer.mutate(mutations)
      onChanged()
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <Card border radius={2} padding={4} as="section" aria-label={experiment.title}>
      <Stack gap={4}>
        <Flex gap={3} align="center" wrap="wrap">
          <Heading as="h2" size={1}>
            {experiment.title}
          </Heading>
          <Badge tone={tones[status]}>{copy.status[status]}</Badge>
          <Text size={1} muted>
            {field ? copy.on(field.title) : copy.detached}
          </Text>
        </Flex>
        {status === 'draft' && writer && field ? (
          <Flex gap={3} align="flex-end" wrap="wrap">
            {experiment.arms.map((arm, i) => (
              <Stack key={arm.id} gap={2} style={{ width: 120 }}>
                <Text as="label" htmlFor={`${experiment.id}-share-${arm.id}`} size={1}>
                  {copy.splitArm(arm.label)}
                </Text>
                <TextInput
                  id={`${experiment.id}-share-${arm.id}`}
                  inputMode="numeric"
                  value={split[i] ?? ''}
                  onChange={(e) => setSplit(split.map((share, j) => (j === i ? e.currentTarget.value : share)))}
                />
              </Stack>
            ))}
            <Button
              text={copy.start}
              tone="positive"
              mode="ghost"
              disabled={!splitFits || !hasRoom}
              onClick={() => void write(startExperiment(experiment.id, shares))}
            />
            {splitFits ? null : <Text size={1}>{copy.splitTotal}</Text>}
            {hasRoom ? null : <Text size={1}>{copy.noRoom}</Text>}
          </Flex>
        ) : null}
        {status === 'running' && !experiment.served ? <Text size={1}>{copy.notServed}</Text> : null}
        {status === 'running' && writer ? (
          <Flex>
            <Button text={copy.stop} tone="caution" mode="ghost" onClick={() => void write(stopExperiment(experiment.id))} />
          </Flex>
        ) : null}
        <Table
          label={copy.resultsOf(experiment.title)}
          head={Object.values(copy.columns)}
          rows={experiment.arms.map((arm) => [
            arm.label,
            `${arm.text.pt ?? '—'} / ${arm.text.en ?? '—'}`,
            `${arm.share} %`,
            String(arm.exposures),
            String(arm.confirmations),
            String(arm.signups - arm.confirmations),
            copy.percent(arm.conversion),
            arm.comparison ? copy.differenceOf(arm.comparison.difference, arm.comparison.interval) : '—',
            arm.comparison ? arm.comparison.pValue.toFixed(3) : '—',
            canPromote ? (
              <Button
                key="promote"
                text={arm.id === winner ? copy.promoteWinner(arm.label) : copy.promote}
                tone={arm.id === winner ? 'positive' : 'default'}
                mode="ghost"
                aria-label={`${copy.promote} ${arm.label}`}
                onClick={() => setPromoting(arm)}
              />
            ) : (
              ''
            ),
          ])}
        />
        <Text size={1} muted>
          {copy.overBound(experiment.overBound)}
        </Text>
        <Card
          tone={verdict.kind === 'mismatch' ? 'critical' : verdict.kind === 'winner' ? 'positive' : 'transparent'}
          padding={3}
          radius={2}
        >
          <Text size={1} role="status">
            {copy.verdict(experiment)}
          </Text>
        </Card>
        {failure ? (
          <Card tone="critical" padding={3} radius={2} role="alert">
            <Text size={1}>{failure}</Text>
          </Card>
        ) : null}
      </Stack>
      {promoting ? (
        <Dialog
          id={`promote-${experiment.id}`}
          header={copy.promoteTitle(promoting.label)}
          onClose={() => setPromoting(undefined)}
          width={1}
        >
          <Stack gap={4} padding={4}>
            <Text>{copy.promoteBody(promoting.label, promoting.id === winner)}</Text>
            <Flex gap={2} justify="flex-end">
              <Button text={copy.cancel} mode="ghost" onClick={() => setPromoting(undefined)} />
              <Button
                text={copy.promoteConfirm}
                tone="positive"
                mode="ghost"
                onClick={async () => {
                  const arm = promoting.id
                  setPromoting(undefined)
                  await write(promoteArm(experiment, arm))
                }}
              />
            </Flex>
          </Stack>
        </Dialog>
      ) : null}
    </Card>
  )
}
