import { useState, type ComponentType } from 'react'
import { Box, Button, Card, Flex, Heading, Stack, Tab, TabList, TabPanel, Text } from '@sanity/ui'
import type { LaunchApi, LaunchSession } from './launch-api.ts'
import { launchCopy as copy } from './launch-copy.ts'
import { AuditPanel } from './audit-panel.tsx'
import { LoadError } from './load-error.tsx'
import { Overview } from './overview.tsx'
import { ReferralsPanel } from './referrals-panel.tsx'
import { UpdatesPanel } from './updates-panel.tsx'
import { WaitlistPanel } from './waitlist-panel.tsx'
import { WavesPanel } from './waves-panel.tsx'
import { WebhooksPanel } from './webhooks-panel.tsx'
import { ExperimentsPanel } from './experiments-panel.tsx'
import { ContentProblemsPanel } from './content-problems-panel.tsx'

/**
 * Each tab, its view and the level it needs (docs/decisions/0060-two-access-levels.md): a tab that
 * shows people is not offered to a member with the numbers only, as its API routes refuse them.
 * Only the open tab is mounted (and reads from the site).
 */
const TABS = {
  overview: { View: Overview, level: 'numbers' },
  waitlist: { View: WaitlistPanel, level: 'people' },
  waves: { View: WavesPanel, level: 'people' },
  referrals: { View: ReferralsPanel, level: 'people' },
  updates: { View: UpdatesPanel, level: 'people' },
  webhooks: { View: WebhooksPanel, level: 'people' },
  experiments: { View: ExperimentsPanel, level: 'numbers' },
  content: { View: ContentProblemsPanel, level: 'numbers' },
  audit: { View: AuditPanel, level: 'people' },
} as const satisfies Record<string, { View: ComponentType<{ api: LaunchApi }>; level: LaunchSession['access'] }>
type TabId = keyof typeof TABS

/** The Launch tool once the site has given it a session: the tabs its level may see (the numbers,
 * the list, the invite waves, the webhooks, the content's problems, the audit log), and signing out. */
export function LaunchView({ api, session, onSignedOut }: { api: LaunchApi; session: LaunchSession; onSignedOut: () => void }) {
  const tabs = (Object.keys(TABS) as TabId[]).filter((id) => TABS[id].level === 'numbers' || session.access === 'people')
  const [tab, setTab] = useState<TabId>('overview')
  const [failure, setFailure] = useState<unknown>()
  const signOut = (how: () => Promise<unknown>) => () => how().then(onSignedOut, setFailure)
  return (
    <Box padding={4} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <Stack gap={4}>
        <Flex gap={3} wrap="wrap" align="center" justify="space-between">
          <Heading as="h1" size={3}>
            {copy.title}
          </Heading>
          <Flex gap={2} wrap="wrap" align="center">
            <Text size={1} muted>
              {copy.signedInAs(session.actor, session.access)}
            </Text>
            <Button text={copy.signOut} mode="ghost" onClick={signOut(api.signOut)} />
            <Button text={copy.signOutEverywhere} mode="ghost" tone="critical" onClick={signOut(api.signOutEverywhere)} />
          </Flex>
        </Flex>
        {failure ? <LoadError error={failure} /> : null}
        <TabList gap={2}>
          {tabs.map((id) => (
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
        {tabs.map((id) => {
          const { View } = TABS[id]
          return (
            <TabPanel key={id} id={`${id}-panel`} aria-labelledby={`${id}-tab`} hidden={tab !== id}>
              <Card paddingY={3}>{tab === id ? <View api={api} /> : null}</Card>
            </TabPanel>
          )
        })}
      </Stack>
    </Box>
  )
}
