import { useState } from 'react'
import { Box, Card, Heading, Stack, Tab, TabList, TabPanel } from '@sanity/ui'
import type { LaunchApi } from './launch-api.ts'
import { launchCopy as copy } from './launch-copy.ts'
import { AuditPanel } from './audit-panel.tsx'
import { Overview } from './overview.tsx'
import { ReferralsPanel } from './referrals-panel.tsx'
import { WaitlistPanel } from './waitlist-panel.tsx'
import { WavesPanel } from './waves-panel.tsx'
import { WebhooksPanel } from './webhooks-panel.tsx'
import { ExperimentsPanel } from './experiments-panel.tsx'
import { ContentProblemsPanel } from './content-problems-panel.tsx'

/** Each tab and its view; only the open one is mounted (and reads from the site). */
const TABS = {
  overview: Overview,
  waitlist: WaitlistPanel,
  waves: WavesPanel,
  referrals: ReferralsPanel,
  webhooks: WebhooksPanel,
  experiments: ExperimentsPanel,
  content: ContentProblemsPanel,
  audit: AuditPanel,
} as const
type TabId = keyof typeof TABS

/** The Launch tool once the site has given it a credential: the numbers, the list, the invite waves, the webhooks, the content's problems, the audit log. */
export function LaunchView({ api }: { api: LaunchApi }) {
  const [tab, setTab] = useState<TabId>('overview')
  return (
    <Box padding={4} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Stack gap={4}>
        <Heading as="h1" size={3}>
          {copy.title}
        </Heading>
        <TabList gap={2}>
          {(Object.keys(TABS) as TabId[]).map((id) => (
            <Tab
              key={id}
              id={`${id}-tab`}
              aria-controls={`${id}-panel`}
              label={copy[id]}
              selected={tab === id}
              onClick={() => setTab(id)}
            />
          ))}
        </TabList>
        {(Object.entries(TABS) as [TabId, (typeof TABS)[TabId]][]).map(([id, View]) => (
          <TabPanel key={id} id={`${id}-panel`} aria-labelledby={`${id}-tab`} hidden={tab !== id}>
            <Card paddingY={3}>{tab === id ? <View api={api} /> : null}</Card>
          </TabPanel>
        ))}
      </Stack>
    </Box>
  )
}
