import { useState } from 'react'
import { Box, Button, Card, Checkbox, Dialog, Flex, Label, Stack, Text, TextInput } from '@sanity/ui'
import useSWR from 'swr'
import type { EndpointWithSecret, LaunchApi, WebhookEndpoint, WebhookEventType } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { moment } from './launch-dates.ts'
import { LoadError } from './load-error.tsx'
import { Table } from './overview.tsx'
import { REFRESH_MS } from './refresh.ts'
import { WebhookDeliveries } from './webhook-deliveries.tsx'

const copy = launchCopy.hooks

/** Webhook endpoints: added, tested, rotated, turned off and on, deleted; the deliveries of one. */
export function WebhooksPanel({ api }: { api: LaunchApi }) {
  const { data, error, mutate } = useSWR('webhooks', () => api.webhooks(), { refreshInterval: REFRESH_MS })
  const [shown, setShown] = useState<string | undefined>()
  const [secret, setSecret] = useState<EndpointWithSecret | undefined>()
  const [removing, setRemoving] = useState<WebhookEndpoint | undefined>()
  const [failure, setFailure] = useState<unknown>()

  /** Runs an action, shows its failure, reads the list again. */
  const act = async (action: () => Promise<unknown>) => {
    setFailure(undefined)
    try {
      await action()
    } catch (caught) {
      setFailure(caught)
    }
    await mutate()
  }
  const showSecret = async (made: Promise<EndpointWithSecret>) => setSecret(await made)
  const shownEndpoint = data?.endpoints.find((endpoint) => endpoint.id === shown)

  return (
    <Stack gap={4}>
      <Text size={1} muted>
        {copy.intro}
      </Text>
      <AddEndpoint events={data?.events ?? []} onAdd={(endpoint) => act(() => showSecret(api.addEndpoint(endpoint)))} />
      {error ? <LoadError error={error} /> : null}
      {failure ? <LoadError error={failure} /> : null}
      <Table
        label={copy.endpoints}
        head={[copy.columns.url, copy.columns.events, copy.columns.state, copy.columns.deliveries, copy.columns.actions]}
        rows={(data?.endpoints ?? []).map((endpoint) => [
          endpoint.description ? `${endpoint.url} (${endpoint.description})` : endpoint.url,
          endpoint.events.map((type) => copy.eventNames[type] ?? type).join(', '),
          stateOf(endpoint),
          `${endpoint.deliveries.delivered} / ${endpoint.deliveries.pending} / ${endpoint.deliveries.failed}`,
          <Flex key="actions" gap={1} wrap="wrap">
            <Button
              text={copy.show}
              mode="bleed"
              aria-label={`${copy.show}: ${endpoint.url}`}
              onClick={() => setShown(endpoint.id)}
            />
            <Button
              text={copy.test}
              mode="bleed"
              aria-label={`${copy.test}: ${endpoint.url}`}
              onClick={() => act(() => api.sendTest(endpoint.id))}
            />
            <Button
              text={copy.rotate}
              mode="bleed"
              aria-label={`${copy.rotate}: ${endpoint.url}`}
              onClick={() => act(() => showSecret(api.rotateSecret(endpoint.id)))}
            />
            <Button
              text={endpoint.disabledAt ? copy.turnOn : copy.turnOff}
              mode="bleed"
              aria-label={`${endpoint.disabledAt ? copy.turnOn : copy.turnOff}: ${endpoint.url}`}
              onClick={() => act(() => api.changeEndpoint(endpoint.id, { enabled: Boolean(endpoint.disabledAt) }))}
            />
            <Button
              text={copy.remove}
              mode="bleed"
              tone="critical"
              aria-label={`${copy.remove}: ${endpoint.url}`}
              onClick={() => setRemoving(endpoint)}
            />
          </Flex>,
        ])}
      />
      {data && data.endpoints.length === 0 ? (
        <Text size={1} muted>
          {copy.none}
        </Text>
      ) : null}
      {shownEndpoint ? (
        <WebhookDeliveries api={api} endpoint={shownEndpoint} onResend={(id) => act(() => api.resend(id))} />
      ) : null}
      {secret ? (
        <Dialog id="webhook-secret" header={copy.secretTitle} onClose={() => setSecret(undefined)} width={1}>
          <Stack gap={4} padding={4}>
            <Text>{copy.secretBody}</Text>
            <Text size={1} muted>
              {secret.endpoint.url}
            </Text>
            <Card padding={3} radius={2} tone="primary">
              <Text size={1} aria-label={copy.secretTitle} style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {secret.secret}
              </Text>
            </Card>
            <Flex justify="flex-end">
              <Button text={copy.done} onClick={() => setSecret(undefined)} />
            </Flex>
          </Stack>
        </Dialog>
      ) : null}
      {removing ? (
        <Dialog id="remove-endpoint" header={copy.removeTitle} onClose={() => setRemoving(undefined)} width={1}>
          <Stack gap={4} padding={4}>
            <Text>{copy.removeBody(removing.url)}</Text>
            <Flex gap={2} justify="flex-end">
              <Button text={launchCopy.cancel} mode="ghost" onClick={() => setRemoving(undefined)} />
              <Button
                text={copy.remove}
                tone="critical"
                mode="ghost"
                onClick={async () => {
                  const { id } = removing
                  setRemoving(undefined)
                  if (shown === id) setShown(undefined)
                  await act(() => api.deleteEndpoint(id))
                }}
              />
            </Flex>
          </Stack>
        </Dialog>
      ) : null}
    </Stack>
  )
}

function stateOf(endpoint: WebhookEndpoint): string {
  if (endpoint.disabledAt) return copy.disabled(endpoint.disabledReason)
  if (endpoint.failingSince) return copy.failingSince(moment(endpoint.failingSince))
  return copy.active
}

/** The form that adds an endpoint: its URL, a description, the events it wants. */
function AddEndpoint({
  events,
  onAdd,
}: {
  events: WebhookEventType[]
  onAdd: (endpoint: { url: string; description: string; events: WebhookEventType[] }) => Promise<void>
}) {
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [chosen, setChosen] = useState<WebhookEventType[]>(['waitlist.signup.created'])
  return (
    <Card padding={3} radius={2} border>
      <form
        onSubmit={async (event) => {
          event.preventDefault()
          await onAdd({ url, description, events: chosen })
          setUrl('')
          setDescription('')
        }}
      >
        <Stack gap={3}>
          <Flex gap={3} wrap="wrap">
            <Stack gap={2} flex={2} style={{ minWidth: 260 }}>
              <Label as="label" htmlFor="webhook-url">
                {copy.url}
              </Label>
              <TextInput
                id="webhook-url"
                value={url}
                placeholder={copy.urlHint}
                onChange={(e) => setUrl(e.currentTarget.value)}
              />
            </Stack>
            <Stack gap={2} flex={1} style={{ minWidth: 200 }}>
              <Label as="label" htmlFor="webhook-description">
                {copy.description}
              </Label>
              <TextInput id="webhook-description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
            </Stack>
          </Flex>
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <legend>
              <Label>{copy.events}</Label>
            </legend>
            <Flex gap={4} wrap="wrap" paddingTop={2}>
              {events.map((type) => (
                <Flex key={type} gap={2} align="center" as="label">
                  <Checkbox
                    checked={chosen.includes(type)}
                    onChange={(e) =>
                      setChosen(e.currentTarget.checked ? [...chosen, type] : chosen.filter((other) => other !== type))
                    }
                  />
                  <Text size={1}>{copy.eventNames[type] ?? type}</Text>
                </Flex>
              ))}
            </Flex>
          </fieldset>
          <Box>
            <Button type="submit" text={copy.add} disabled={url.trim() === '' || chosen.length === 0} />
          </Box>
        </Stack>
      </form>
    </Card>
  )
}
