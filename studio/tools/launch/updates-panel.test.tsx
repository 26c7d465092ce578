import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
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
  unconfirmed: 0,
}
/** Sent, with three messages whose mail server never confirmed it took them (decision 0091). */
const cutOff: Update = {
  ...sending,
  id: '6f1c1d2e-0000-4000-8000-000000000032',
  createdAt: '2026-12-07T09:00:00Z',
  state: 'sent',
  completedAt: '2026-12-07T10:00:00Z',
  sent: 97,
  queued: 0,
  deferred: 0,
  unconfirmed: 3,
}
const rendered = (subject: string) => ({ subject, text: subject, html: `<p>${subject}</p>` })

const choices = {
  documents: [
    { id: 'update-beta-opens', subject: { pt: 'O beta abre', en: 'The beta opens' } },
    { id: 'update-pt-only', subject: { pt: 'Só em português' } },
  ],
  pages: [
    { id: 'homePage', title: { pt: 'Pulso | Início', en: 'Pulso | Home' } },
    { id: 'hrLeaders', title: { pt: 'Para RH' } },
  ],
}

function fakeApi(overrides: Partial<LaunchApi> = {}) {
  return {
    updates: vi.fn(async () => ({ updates: [sending] })),
    updateChoices: vi.fn(async () => choices),
    countUpdate: vi.fn(async () => ({ total: 1234, pt: 234, en: 1000 })),
    previewUpdate: vi.fn(async () => ({ pt: rendered('O beta abre'), en: rendered('The beta opens') })),
    testUpdate: vi.fn(async () => undefined),
    sendUpdate: vi.fn(async ({ id }: { id: string }) => ({ update: { ...sending, id, recipients: 1234 }, repeated: false })),
    pauseUpdate: vi.fn(async () => undefined),
    resendUnconfirmed: vi.fn(async () => ({ queued: 3 })),
    ...overrides,
  } as unknown as LaunchApi &
    Record<
      | 'updates'
      | 'updateChoices'
      | 'countUpdate'
      | 'previewUpdate'
      | 'testUpdate'
      | 'sendUpdate'
      | 'pauseUpdate'
      | 'resendUnconfirmed',
      ReturnType<typeof vi.fn>
    >
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

/** Picks the update by its subject, as the operator does. */
async function pick(user: ReturnType<typeof userEvent.setup>, subject = 'The beta opens (update-beta-opens)') {
  const select = screen.getByRole('combobox', { name: 'Update' })
  await screen.findByRole('option', { name: subject })
  await user.selectOptions(select, subject)
}

describe('the Updates tab', () => {
  beforeEach(() => sessionStorage.clear())

  it('picks the update by its subject and the pages by their titles, counts, and sends to the people counted after asking, once', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPanel(api)
    expect(screen.getByRole('button', { name: /Count the recipients first/ })).toBeDisabled()
    // Named in the operator's language, else the other one.
    expect(await screen.findByRole('option', { name: 'Só em português (update-pt-only)' })).toBeInTheDocument()
    await pick(user)
    await user.click(screen.getByRole('checkbox', { name: 'English' }))
    const pages = screen.getByRole('group', { name: /Pages signed up on/ })
    await user.click(within(pages).getByRole('checkbox', { name: 'Pulso | Home' }))
    await user.click(within(pages).getByRole('checkbox', { name: 'Para RH' }))
    await user.type(screen.getByLabelText(/Sources/), 'newsletter, linkedin')
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    expect(await screen.findByText('1,234 people (234 in Portuguese, 1,000 in English)')).toBeInTheDocument()
    const filter = { locales: ['en'], sources: ['newsletter', 'linkedin'], pages: ['homePage', 'hrLeaders'] }
    expect(api.countUpdate).toHaveBeenCalledWith(filter)

    // Asked first: cancelling sends nothing.
    await user.click(screen.getByRole('button', { name: 'Send to 1,234 people' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Send to 1,234 people?')
    expect(dialog).toHaveTextContent('“The beta opens” goes to each of them once')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.sendUpdate).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Send to 1,234 people' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Frozen for 1,234 people: it is on its way.')).toBeInTheDocument()
    const [sent] = api.sendUpdate.mock.calls[0] as [{ id: string; documentId: string; filter: unknown }]
    expect(sent).toEqual({ id: expect.stringMatching(UUID), documentId: 'update-beta-opens', filter })
    // The next update gets an id of its own.
    expect(sessionStorage.getItem('pulso.launch.nextUpdate')).toMatch(UUID)
    expect(sessionStorage.getItem('pulso.launch.nextUpdate')).not.toBe(sent.id)
  })

  it('keeps the update’s id over a reload after a Send whose answer was lost, and says when it was sent already', async () => {
    const user = userEvent.setup()
    const lost = fakeApi({
      sendUpdate: vi.fn(async () => {
        throw new Error('The connection was reset.')
      }),
    })
    const first = renderPanel(lost)
    await pick(user)
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    await user.click(await screen.findByRole('button', { name: 'Send to 1,234 people' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(/The connection was reset/)).toBeInTheDocument()
    const [tried] = lost.sendUpdate.mock.calls[0] as [{ id: string }]
    first.unmount()

    // The Studio reloaded: the same id, which the site answers as the update it already has.
    const api = fakeApi({
      sendUpdate: vi.fn(async ({ id }: { id: string }) => ({ update: { ...sending, id }, repeated: true })),
    })
    renderPanel(api)
    await pick(user)
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    await user.click(await screen.findByRole('button', { name: 'Send to 1,234 people' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('This update was already sent: nothing was sent again.')).toBeInTheDocument()
    expect(api.sendUpdate).toHaveBeenCalledWith(expect.objectContaining({ id: tried.id }))
  })

  it('schedules at the time typed, in the operator’s own time, after asking, and refuses one it cannot read', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPanel(api)
    await pick(user)
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    await user.type(screen.getByLabelText(/Send at/), 'next monday')
    await user.click(await screen.findByRole('button', { name: 'Schedule for 1,234 people' }))
    expect(await screen.findByText(/Write the send time as YYYY-MM-DD HH:MM/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText(/Send at/))
    await user.type(screen.getByLabelText(/Send at/), '2026-12-07 09:30')
    await user.click(screen.getByRole('button', { name: 'Schedule for 1,234 people' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Schedule for 1,234 people on 7 Dec 2026, 09:30?')
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }))
    await screen.findByText('Frozen for 1,234 people: it is on its way.')
    expect(api.sendUpdate).toHaveBeenCalledWith(expect.objectContaining({ sendAt: new Date(2026, 11, 7, 9, 30).toISOString() }))
  })

  it('asks for a new count when the filter changes after one', async () => {
    const user = userEvent.setup()
    renderPanel(fakeApi())
    await pick(user)
    await user.click(screen.getByRole('button', { name: 'Count recipients' }))
    await screen.findByRole('button', { name: 'Send to 1,234 people' })
    await user.click(screen.getByRole('checkbox', { name: 'Waiting' }))
    expect(screen.getByRole('button', { name: /Count the recipients first/ })).toBeDisabled()
  })

  it('says when no update is published yet', async () => {
    renderPanel(fakeApi({ updateChoices: vi.fn(async () => ({ documents: [], pages: [] })) }))
    expect(await screen.findByText(/No Update is published yet/)).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: /Pages signed up on/ })).not.toBeInTheDocument()
  })

  it('previews both languages in sandboxed frames, and sends a test to the address typed', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderPanel(api)
    await pick(user)
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    const english = await screen.findByTitle('Preview in English')
    expect(english).toHaveAttribute('sandbox', '')
    expect(english).toHaveAttribute('srcdoc', '<p>The beta opens</p>')
    expect(screen.getByText('O beta abre', { selector: 'div *' })).toBeInTheDocument()

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

  it('shows how many messages are unconfirmed, and sends them again only after saying some may get it twice', async () => {
    const user = userEvent.setup()
    const api = fakeApi({ updates: vi.fn(async () => ({ updates: [sending, cutOff] })) })
    renderPanel(api)
    const table = await screen.findByRole('table', { name: 'Updates sent' })
    await within(table).findByText('Unconfirmed')
    const [, sendingRow, sentRow] = within(table).getAllByRole('row')
    // Messages in flight are not unconfirmed: the update still sending shows none, and offers no resend.
    expect(within(sendingRow!).getAllByRole('cell')[4]).toHaveTextContent(/^0$/)
    expect(within(sendingRow!).queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument()
    expect(within(sentRow!).getAllByRole('cell')[4]).toHaveTextContent(/^3$/)
    expect(screen.getByText(/may or may not have the update/)).toBeInTheDocument()

    // Asked first: cancelling sends nothing.
    const resend = within(sentRow!).getByRole('button', { name: /^Send again to the 3 unconfirmed: update-beta-opens/ })
    await user.click(resend)
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Send again to 3 people?')
    expect(dialog).toHaveTextContent('Some of them may already have it and will get it twice')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.resendUnconfirmed).not.toHaveBeenCalled()

    // Confirmed: the three go back in the queue, and the list is read again.
    api.updates.mockResolvedValue({ updates: [sending, { ...cutOff, state: 'sending', sent: 94, queued: 3, unconfirmed: 0 }] })
    await user.click(resend)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send again' }))
    expect(await screen.findByRole('status')).toHaveTextContent('3 people queued again.')
    expect(api.resendUnconfirmed).toHaveBeenCalledExactlyOnceWith(cutOff.id)
    await waitFor(() => expect(screen.queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument())
    expect(screen.queryByText(/may or may not have the update/)).not.toBeInTheDocument()
  })

  it('says why when sending again to the unconfirmed fails', async () => {
    const user = userEvent.setup()
    const api = fakeApi({
      updates: vi.fn(async () => ({ updates: [cutOff] })),
      resendUnconfirmed: vi.fn(async () => {
        throw new Error('This part of the Launch tool shows people: the team has not named you for it.')
      }),
    })
    renderPanel(api)
    await user.click(await screen.findByRole('button', { name: /^Send again to the 3 unconfirmed/ }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send again' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/has not named you/)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
