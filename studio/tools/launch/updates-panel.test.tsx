import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { studioTheme, ThemeProvider } from '@sanity/ui'
import { SWRConfig } from 'swr'
import type { LaunchApi, Update } from './launch-api.ts'
import { UpdatesPanel } from './updates-panel.tsx'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const sending: Update = {
  id: '6f1c1d2e-0000-4000-8000-000000000031',
  documentId: 'update-beta-opens',
  filter: { locales: ['en'] },
  createdBy: 'pEditor',
  createdAt: '2026-12-06T09:00:00Z',
  sendAt: '2026-12-06T09:00:00Z',
  pausedAt: null,
  completedAt: null,
  state: 'sending',
  recipients: 100,
  sent: 60,
  failed: 1,
  bounced: 2,
  removed: 3,
  queued: 37,
  deferred: 4,
}
const rendered = (subject: string) => ({ subject, text: subject, html: `<p>${subject}</p>` })

function fakeApi(overrides: Partial<LaunchApi> = {}) {
  return {
    updates: vi.fn(async () => ({ updates: [sending] })),
    countUpdate: vi.fn(async () => ({ total: 10, pt: 0, en: 10 })),
    previewUpdate: vi.fn(async () => ({ pt: rendered('O beta abre'), en: rendered('The beta opens') })),
    testUpdate: vi.fn(async () => undefined),
    sendUpdate: vi.fn(async ({ id }: { id: string }) => ({ update: { ...sending, id, recipients: 10 }, repeated: false })),
    pauseUpdate: vi.fn(async () => undefined),
    ...overrides,
  } as unknown as LaunchApi &
    Record<'updates' | 'countUpdate' | 'previewUpdate' | 'testUpdate' | 'sendUpdate' | 'pauseUpdate', ReturnType<typeof vi.fn>>
}

function renderPanel(api: LaunchApi) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ThemeProvider theme={studioTheme}>
        <UpdatesPanel api={api} />
      </ThemeProvider>
    </SWRConfig>,
  )
}

describe('the Updates tab', () => {
  it('counts who the filter reaches, then sends to the people counted, once, under the id it made', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPanel(api)
    expect(screen.getByRole('button', { name: /Count the recipients first/ })).toBeDisabled()
    await user.type(screen.getByLabelText('Update document id'), 'update-beta-opens')
    await user.click(screen.getByRole('checkbox', { name: 'English' }))
    await user.type(screen.getByLabelText(/Sources/), 'newsletter, linkedin')
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    expect(await screen.findByText('10 people (0 in Portuguese, 10 in English)')).toBeInTheDocument()
    expect(api.countUpdate).toHaveBeenCalledWith({ locales: ['en'], sources: ['newsletter', 'linkedin'] })

    await user.click(screen.getByRole('button', { name: 'Send to 10 people' }))
    expect(await screen.findByText('Frozen for 10 people: it is on its way.')).toBeInTheDocument()
    const [sent] = api.sendUpdate.mock.calls[0] as [{ id: string; documentId: string; filter: unknown }]
    expect(sent).toEqual({
      id: expect.stringMatching(UUID),
      documentId: 'update-beta-opens',
      filter: { locales: ['en'], sources: ['newsletter', 'linkedin'] },
    })
  })

  it('sends at the time typed, in the operator’s own time, and refuses one it cannot read', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPanel(api)
    await user.type(screen.getByLabelText('Update document id'), 'update-beta-opens')
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    await user.type(screen.getByLabelText(/Send at/), 'next monday')
    await user.click(await screen.findByRole('button', { name: 'Send to 10 people' }))
    expect(await screen.findByText(/Write the send time as YYYY-MM-DD HH:MM/)).toBeInTheDocument()
    expect(api.sendUpdate).not.toHaveBeenCalled()
    await user.clear(screen.getByLabelText(/Send at/))
    await user.type(screen.getByLabelText(/Send at/), '2026-12-07 09:30')
    await user.click(screen.getByRole('button', { name: 'Send to 10 people' }))
    await screen.findByText('Frozen for 10 people: it is on its way.')
    expect(api.sendUpdate).toHaveBeenCalledWith(expect.objectContaining({ sendAt: new Date(2026, 11, 7, 9, 30).toISOString() }))
  })

  it('asks for a new count when the filter changes after one', async () => {
    const user = userEvent.setup()
    renderPanel(fakeApi())
    await user.type(screen.getByLabelText('Update document id'), 'update-beta-opens')
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    await screen.findByRole('button', { name: 'Send to 10 people' })
    await user.click(screen.getByRole('checkbox', { name: 'Waiting' }))
    expect(screen.getByRole('button', { name: /Count the recipients first/ })).toBeDisabled()
  })

  it('previews both languages in sandboxed frames, and sends a test to the address typed', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPanel(api)
    await user.type(screen.getByLabelText('Update document id'), 'update-beta-opens')
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    const english = await screen.findByTitle('Preview in English')
    expect(english).toHaveAttribute('sandbox', '')
    expect(english).toHaveAttribute('srcdoc', '<p>The beta opens</p>')
    expect(screen.getByText('O beta abre')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Your address'), 'me@pulso.example')
    await user.click(screen.getByRole('button', { name: 'Send a test to me' }))
    expect(await screen.findByText('A test in both languages went to me@pulso.example.')).toBeInTheDocument()
    expect(api.testUpdate).toHaveBeenCalledWith('update-beta-opens', 'me@pulso.example')
  })

  it('lists the updates with their progress, and pauses one that is sending', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPanel(api)
    const row = (await screen.findByText('update-beta-opens', { selector: 'td *' })).closest('tr') as HTMLElement
    expect(row).toHaveTextContent('Sending')
    expect(row).toHaveTextContent('60 / 37 / 4 / 1 / 2 / 3')
    await user.click(within(row).getByRole('button', { name: /^Pause: update-beta-opens/ }))
    expect(api.pauseUpdate).toHaveBeenCalledWith(sending.id, true)
  })
})
