import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { studioTheme, ThemeProvider } from '@sanity/ui'
import { SWRConfig } from 'swr'
import { LaunchApiError, type HeldReferral, type LaunchApi, type ReferralReview } from './launch-api.ts'
import { ReferralsPanel } from './referrals-panel.tsx'

const held: HeldReferral[] = [
  {
    id: '6f1c1d2e-0000-4000-8000-000000000011',
    email: 'farm-1@empresa.example',
    referrer: { id: '6f1c1d2e-0000-4000-8000-000000000001', email: 'ana@empresa.example' },
    reason: 'same_network',
    signedUpAt: '2026-11-28T10:00:00Z',
    heldAt: '2026-11-28T10:05:00Z',
  },
  {
    id: '6f1c1d2e-0000-4000-8000-000000000012',
    email: 'bia@outra.example',
    referrer: { id: '6f1c1d2e-0000-4000-8000-000000000001', email: 'ana@empresa.example' },
    reason: 'hourly_limit',
    signedUpAt: '2026-11-28T11:00:00Z',
    heldAt: '2026-11-28T11:05:00Z',
  },
]
const review = (rows: HeldReferral[]): ReferralReview => ({
  counts: { pending: 3, credited: 20, held: rows.length, refused: 130, rejected: 1, revoked: 2 },
  placesPerReferral: 10,
  creditsPerHour: 5,
  held: rows,
})

function renderPanel(api: Pick<LaunchApi, 'referrals' | 'decideReferral'>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ThemeProvider theme={studioTheme}>
        <ReferralsPanel api={api} />
      </ThemeProvider>
    </SWRConfig>,
  )
}

describe('the Referrals tab', () => {
  it('shows how many referrals stand in each state and the rules behind them', async () => {
    renderPanel({ referrals: vi.fn(async () => review(held)), decideReferral: vi.fn() })
    const counts = await screen.findByLabelText('Referrals')
    expect(counts).toHaveTextContent('Credited20')
    expect(counts).toHaveTextContent('Refused130')
    expect(screen.getByText(/moves its referrer 10 places up/)).toBeInTheDocument()
    expect(screen.getByText(/beyond 5 an hour per referrer/)).toBeInTheDocument()
  })

  it('lists the held referrals with who referred them and why', async () => {
    renderPanel({ referrals: vi.fn(async () => review(held)), decideReferral: vi.fn() })
    const table = await screen.findByRole('table', { name: 'Held for review' })
    const farm = within(table).getByRole('row', { name: /farm-1@empresa\.example/ })
    expect(farm).toHaveTextContent('ana@empresa.example')
    expect(farm).toHaveTextContent('Same network as the referrer within 24 h (IPv4 /24 or IPv6 /64)')
    expect(within(table).getByRole('row', { name: /bia@outra\.example/ })).toHaveTextContent(
      'More than the referrer’s share of credits in an hour',
    )
  })

  it('accepts or rejects one, then reads the list again', async () => {
    const referrals = vi
      .fn()
      .mockResolvedValueOnce(review(held))
      .mockResolvedValue(review(held.slice(1)))
    const decideReferral = vi.fn(async () => undefined)
    renderPanel({ referrals, decideReferral })
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: farm-1@empresa.example' }))
    expect(decideReferral).toHaveBeenCalledWith(held[0]?.id, 'accept')
    await screen.findByRole('button', { name: 'Reject: bia@outra.example' })
    expect(screen.queryByRole('row', { name: /farm-1@empresa\.example/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reject: bia@outra.example' }))
    expect(decideReferral).toHaveBeenLastCalledWith(held[1]?.id, 'reject')
  })

  it('says so when the site refuses a decision, and when nothing waits', async () => {
    const decideReferral = vi.fn(async () => {
      throw new LaunchApiError(404, 'This referral is not held for review.')
    })
    renderPanel({ referrals: vi.fn().mockResolvedValueOnce(review(held)).mockResolvedValue(review([])), decideReferral })
    await userEvent.click(await screen.findByRole('button', { name: 'Accept: farm-1@empresa.example' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This referral is not held for review.')
    expect(await screen.findByText('Nothing is waiting for review.')).toBeInTheDocument()
  })
})
