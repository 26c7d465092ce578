import { useCallback, useMemo } from 'react'
import { RocketIcon } from '@sanity/icons/Rocket'
import { definePlugin, useClient } from 'sanity'
import { createLaunchApi } from './launch-api.ts'
import { LaunchGate } from './launch-gate.tsx'
import { openLaunchSession } from './launch-handshake.ts'
import { ContentWriterContext, type ContentWriter } from './content-writer.tsx'
import { STUDIO_API_VERSION } from '../../api-version.ts'

function StudioLaunch({ siteUrl }: { siteUrl: string }) {
  const client = useClient({ apiVersion: STUDIO_API_VERSION })
  const api = useMemo(() => createLaunchApi(siteUrl), [siteUrl])
  const open = useCallback(
    () =>
      openLaunchSession(api, {
        create: (document) => client.create(document),
        delete: (id) => client.delete(id),
      }),
    [api, client],
  )
  // The experiments' changes are written with the same session (content-writer.tsx).
  const writer = useMemo<ContentWriter>(
    () => ({ mutate: (mutations) => client.mutate(mutations, { visibility: 'sync' }) }),
    [client],
  )
  return (
    <ContentWriterContext value={writer}>
      <LaunchGate api={api} open={open} />
    </ContentWriterContext>
  )
}

/**
 * The "Launch" tool (docs/decisions/0043-launch-tool.md): the launch's numbers and the waitlist,
 * read from the site at `siteUrl` once the Studio user's own session has proved who is asking.
 */
export const launchTool = definePlugin<{ siteUrl: string }>(({ siteUrl }) => ({
  name: 'pulso-launch',
  tools: [{ name: 'launch', title: 'Launch', icon: RocketIcon, component: () => <StudioLaunch siteUrl={siteUrl} /> }],
}))
