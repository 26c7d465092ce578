import { useState } from 'react'
import { Button, Flex, Heading, Inline, Stack, Text } from '@sanity/ui'
import useSWR from 'swr'
import type { HeldReferral, LaunchApi, ReferralReview } from './launch-api.ts'
import { moment } from './launch-dates.ts'
import { LoadError } from './load-error.tsx'
import { Table } from './overview.tsx'
import { referralsCopy as copy } from './referrals-copy.ts'

/**
 * Referrals (docs/product.md §13): how many are credited, held, refused; the held ones with why,
 * each accepted (credited now) or rejected by the operator.
 */
export function ReferralsPanel({ api }: { api: Pick<LaunchApi, 'referrals' | 'decideReferral'> }) {
  // Read when opened and after a decision, not on a timer: each read of the held people is audited.
  const { data, error, mutate } = useSWR('referrals', () => api.referrals(), { revalidateOnFocus: false })
  const [failure, setFailure] = useState<unknown>()

  const decide = async (referral: HeldReferral, decision: 'accept' | 'reject') => {
    setFailure(undefined)
    try {
      await api.decideReferral(referral.id, decision)
    } catch (caught) {
      setFailure(caught)
    }
    await mutate()
  }

  return (
    <Stack gap={4}>
      {data ? (
        <Text size={1} muted>
          {copy.intro(data.placesPerReferral, data.creditsPerHour)}
        </Text>
      ) : null}
      {error ? <LoadError error={error} /> : null}
      {failure ? <LoadError error={failure} /> : null}
      {data ? <Counts counts={data.counts} /> : null}
      <Heading as="h2" size={1}>
        {copy.held}
      </Heading>
      <Table
        label={copy.held}
        head={Object.values(copy.columns)}
        rows={(data?.held ?? []).map((referral) => [
          referral.email,
          referral.referrer.email,
          copy.reasons[referral.reason],
          moment(referral.signedUpAt),
          <Inline key="actions" gap={2}>
            <Button
              text={copy.accept}
              mode="ghost"
              tone="positive"
              aria-label={`${copy.accept}: ${referral.email}`}
              onClick={() => decide(referral, 'accept')}
            />
            <Button
              text={copy.reject}
              mode="ghost"
              tone="critical"
              aria-label={`${copy.reject}: ${referral.email}`}
              onClick={() => decide(referral, 'reject')}
            />
          </Inline>,
        ])}
      />
      {data && data.held.length === 0 ? (
        <Text size={1} muted>
          {copy.none}
        </Text>
      ) : null}
    </Stack>
  )
}

function Counts({ counts }: { counts: ReferralReview['counts'] }) {
  return (
    <Flex as="dl" gap={4} wrap="wrap" aria-label={copy.counts}>
      {(Object.keys(copy.states) as (keyof typeof copy.states)[]).map((state) => (
        <Stack key={state} gap={2}>
          <Text as="dt" size={1} muted>
            {copy.states[state]}
          </Text>
          <Text as="dd" size={3} weight="semibold">
            {counts[state]}
          </Text>
        </Stack>
      ))}
    </Flex>
  )
}
