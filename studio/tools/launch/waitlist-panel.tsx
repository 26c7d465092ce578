import { useState } from 'react'
import { Button, Dialog, Flex, Select, Stack, Text, TextInput } from '@sanity/ui'
import useSWR from 'swr'
import type { LaunchApi, Place, PlaceStatus } from './launch-api.ts'
import { launchCopy as copy } from './launch-copy.ts'
import { LoadError } from './load-error.tsx'
import { Table } from './overview.tsx'
import { REFRESH_MS } from './refresh.ts'
import { searchable } from '../../../schemas/waitlist-search.ts'

/** The waitlist: searched, filtered, paged; each person's consent record; the export; an erasure. */
export function WaitlistPanel({ api }: { api: LaunchApi }) {
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<PlaceStatus>('all')
  const [page, setPage] = useState(1)
  const [erasing, setErasing] = useState<Place | undefined>()
  // One or two characters are not sent (the API refuses them): the list stays as it was until a third.
  const asked = searchable(search) ? search : ''
  const { data, error, mutate } = useSWR(['waitlist', asked, status, page], () => api.waitlist(asked, status, page), {
    refreshInterval: REFRESH_MS,
    keepPreviousData: true,
  })
  // Past the count's bound the pages are not counted: the last is the one that comes back short.
  const pages = data && !data.totalCapped ? Math.max(1, Math.ceil(data.total / data.pageSize)) : undefined
  const lastPage = pages !== undefined ? page >= pages : (data?.rows.length ?? 0) < (data?.pageSize ?? 0)

  return (
    <Stack gap={4}>
      <Flex gap={3} wrap="wrap" align="center">
        <Stack flex={1} style={{ minWidth: 240 }}>
          <TextInput
            aria-label={copy.search}
            placeholder={copy.search}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value)
              setPage(1)
            }}
          />
        </Stack>
        <Select
          aria-label={copy.statusLabel}
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value as PlaceStatus)
            setPage(1)
          }}
        >
          {(['all', 'confirmed', 'unconfirmed'] as const).map((value) => (
            <option key={value} value={value}>
              {copy.status[value]}
            </option>
          ))}
        </Select>
        <Button as="a" href={api.exportUrl} download text={copy.exportCsv} mode="ghost" />
      </Flex>
      {searchable(search) ? null : (
        <Text size={1} muted>
          {copy.searchTooShort}
        </Text>
      )}
      {error ? <LoadError error={error} /> : null}
      {data ? (
        <>
          <Text size={1} muted>
            {data.totalCapped ? copy.morePeople(data.total) : copy.people(data.total)}
          </Text>
          <Table
            label={copy.waitlist}
            head={[
              copy.columns.email,
              copy.columns.name,
              copy.columns.role,
              copy.columns.joined,
              copy.columns.consent,
              copy.columns.source,
              copy.columns.trial,
              copy.columns.actions,
            ]}
            rows={data.rows.map((place) => [
              place.undeliverable ? copy.undeliverable(place.email) : place.email,
              place.name ?? '—',
              place.role,
              place.created_at.slice(0, 10),
              consentOf(place),
              place.campaign ? `${place.source} / ${place.campaign}` : place.source,
              trialOf(place),
              <Button
                key="erase"
                text={copy.erase}
                aria-label={`${copy.erase} ${place.email}`}
                tone="critical"
                mode="bleed"
                onClick={() => setErasing(place)}
              />,
            ])}
          />
          <Flex gap={2} align="center">
            <Button text={copy.previousPage} mode="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)} />
            <Text size={1}>{pages === undefined ? page : `${page} / ${pages}`}</Text>
            <Button text={copy.nextPage} mode="ghost" disabled={lastPage} onClick={() => setPage(page + 1)} />
          </Flex>
        </>
      ) : null}
      {erasing ? (
        <Dialog id="erase-person" header={copy.eraseTitle} onClose={() => setErasing(undefined)} width={1}>
          <Stack gap={4} padding={4}>
            <Text>{copy.eraseBody(erasing.email)}</Text>
            <Flex gap={2} justify="flex-end">
              <Button text={copy.cancel} mode="ghost" onClick={() => setErasing(undefined)} />
              <Button
                text={copy.eraseConfirm}
                tone="critical"
                mode="ghost"
                onClick={async () => {
                  await api.erase(erasing.id)
                  setErasing(undefined)
                  await mutate()
                }}
              />
            </Flex>
          </Stack>
        </Dialog>
      ) : null}
    </Stack>
  )
}

/** The consent a person gave: the note's version and language, and whether they confirmed. */
function consentOf(place: Place): string {
  const given = place.consent_version ? `${place.consent_version} (${place.consent_locale ?? '?'})` : '—'
  return `${given}, ${place.confirmed_at ? copy.confirmedOn(place.confirmed_at.slice(0, 10)) : copy.notConfirmed}`
}

/** Where the person stands with the invite waves: waiting, invited, activated. */
function trialOf(place: Place): string {
  if (place.activated_at) return copy.trial.activated(place.activated_at.slice(0, 10))
  if (place.invited_at) return copy.trial.invited(place.invited_at.slice(0, 10))
  return copy.trial.waiting
}
