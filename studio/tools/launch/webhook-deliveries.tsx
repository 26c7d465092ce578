import { Button, Heading, Stack, Text } from '@sanity/ui'
import useSWR from 'swr'
import type { LaunchApi, WebhookDelivery, WebhookEndpoint } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { moment } from './launch-dates.ts'
import { LoadError } from './load-error.tsx'
import { Table } from './overview.tsx'
import { REFRESH_MS } from './refresh.ts'

const copy = launchCopy.hooks

/** One endpoint's newest deliveries: what happened to each, and a resend for those that are over. */
export function WebhookDeliveries({
  api,
  endpoint,
  onResend,
}: {
  api: LaunchApi
  endpoint: WebhookEndpoint
  onResend: (deliveryId: number) => Promise<void>
}) {
  const { data, error, mutate } = useSWR(['deliveries', endpoint.id], () => api.deliveries(endpoint.id), {
    refreshInterval: REFRESH_MS,
  })
  return (
    <Stack gap={3}>
      <Heading as="h2" size={1}>
        {copy.deliveriesOf(endpoint.url)}
      </Heading>
      {error ? <LoadError error={error} /> : null}
      <Table
        label={copy.deliveriesOf(endpoint.url)}
        head={Object.values(copy.deliveryColumns)}
        rows={(data?.deliveries ?? []).map((delivery) => [
          copy.eventNames[delivery.type] ?? delivery.type,
          copy.deliveryStatus[delivery.status] ?? delivery.status,
          String(delivery.attempts),
          answerOf(delivery),
          moment(delivery.lastAttemptAt),
          moment(delivery.nextAttemptAt),
          delivery.status !== 'pending' && delivery.resendable ? (
            <Button
              key="resend"
              text={copy.resend}
              mode="bleed"
              aria-label={`${copy.resend} ${delivery.eventId}`}
              onClick={async () => {
                await onResend(delivery.id)
                await mutate()
              }}
            />
          ) : (
            ''
          ),
        ])}
      />
      {data && data.deliveries.length === 0 ? (
        <Text size={1} muted>
          {copy.noDeliveries}
        </Text>
      ) : null}
    </Stack>
  )
}

/** The receiver's last status code, or why no answer came. */
function answerOf(delivery: WebhookDelivery): string {
  if (delivery.lastStatus !== null) return String(delivery.lastStatus)
  return delivery.lastError ?? '—'
}
