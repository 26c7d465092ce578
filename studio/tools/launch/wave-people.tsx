import { useState } from 'react'
import { Button, Heading, Stack } from '@sanity/ui'
import useSWR from 'swr'
import type { Invitee, LaunchApi, Wave } from './launch-api.ts'
import { launchCopy } from './launch-copy.ts'
import { moment } from './launch-dates.ts'
import { LoadError } from './load-error.tsx'
import { Table } from './overview.tsx'

const copy = launchCopy.invites

/** The people one wave invited, whether each came in, and a hand-marked activation for those who did not say. */
export function WavePeople({ api, wave, onActivated }: { api: LaunchApi; wave: Wave; onActivated: () => Promise<unknown> }) {
  // Read when opened and after a change, not on a timer: each read of the people is audited.
  const { data, error, mutate } = useSWR(['wave-people', wave.id], () => api.wavePeople(wave.id), {
    revalidateOnFocus: false,
  })
  const [failure, setFailure] = useState<unknown>()
  const title = copy.peopleOf(moment(wave.createdAt))

  const markActivated = async (person: Invitee) => {
    setFailure(undefined)
    try {
      await api.markActivated(person.id)
    } catch (caught) {
      setFailure(caught)
    }
    await Promise.all([mutate(), onActivated()])
  }

  return (
    <Stack gap={3}>
      <Heading as="h2" size={1}>
        {title}
      </Heading>
      {error ? <LoadError error={error} /> : null}
      {failure ? <LoadError error={failure} /> : null}
      <Table
        label={title}
        head={Object.values(copy.personColumns)}
        rows={(data?.people ?? []).map((person) => [
          person.name ?? '—',
          person.email,
          moment(person.invitedAt),
          stateOf(person),
          person.mailStatus ? copy.mailStatus[person.mailStatus] : '—',
          person.activatedAt ? (
            ''
          ) : (
            <Button
              key="activate"
              text={copy.markActivated}
              mode="bleed"
              aria-label={`${copy.markActivated}: ${person.email}`}
              onClick={() => markActivated(person)}
            />
          ),
        ])}
      />
    </Stack>
  )
}

function stateOf(person: Invitee): string {
  if (!person.activatedAt) return copy.invited
  return copy.activated(moment(person.activatedAt), person.activatedBy ?? '—')
}
