import { describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LayerProvider, PortalProvider, studioTheme, ThemeProvider } from '@sanity/ui'
import { SWRConfig } from 'swr'
import type { ExperimentResult, FieldState, LaunchApi } from './launch-api.ts'
import { ContentWriterContext, type ContentWriter } from './content-writer.tsx'
import { ExperimentsPanel } from './experiments-panel.tsx'

const headline: FieldState = {
  section: 'hero',
  document: 'homePage',
  path: 'sections[_key=="hero"].headline',
  field: 'headline',
  title: 'Hero headline',
  paragraph: false,
  max: 80,
  experimentId: 'experiment-1a2b3c4d',
  default: { pt: 'Avaliações baseadas no trabalho real', en: 'Reviews built on real work' },
}
const trialTitle: FieldState = {
  section: 'freeTrial',
  document: 'homePage',
  path: 'sections[_key=="freeTrial"].title',
  field: 'title',
  title: 'Free-trial heading',
  paragraph: false,
  max: 70,
  experimentId: null,
  default: { pt: 'Teste grátis', en: 'Try it free' },
}
const running: ExperimentResult = {
  id: 'experiment-1a2b3c4d',
  title: 'Shorter headline',
  status: 'running',
  served: true,
  plannedExposures: 5000,
  startedAt: '2026-11-28T09:00:00Z',
  stoppedAt: null,
  winner: null,
  field: headline,
  arms: [
    {
      id: 'default',
      label: 'Default',
      text: headline.default,
      share: 50,
      exposures: 2500,
      signups: 100,
      confirmations: 60,
      conversion: 0.024,
    },
    {
      id: 'b',
      label: 'Variant B',
      text: { pt: 'Avaliações justas', en: 'Fair reviews' },
      share: 50,
      exposures: 2500,
      signups: 175,
      confirmations: 150,
      conversion: 0.06,
      comparison: { difference: 0.03, interval: [0.0101, 0.0499], pValue: 0.0012, significant: true },
    },
  ],
  overBound: { exposures: 412, signups: 9 },
  alpha: 0.05,
  sampleRatio: { chiSquare: 0, pValue: 1, mismatch: false },
  verdict: { kind: 'winner', arm: 'b' },
}

function renderPanel(experiments: ExperimentResult[], writer?: ContentWriter) {
  const api = { experiments: vi.fn(async () => ({ experiments, fields: [headline, trialTitle] })) } as unknown as LaunchApi
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ThemeProvider theme={studioTheme}>
        <LayerProvider>
          <PortalProvider element={document.body}>
            <ContentWriterContext value={writer}>
              <ExperimentsPanel api={api} />
            </ContentWriterContext>
          </PortalProvider>
        </LayerProvider>
      </ThemeProvider>
    </SWRConfig>,
  )
  return userEvent.setup({ delay: null })
}

describe('the Experiments tab', () => {
  it('shows each arm’s visitors, confirmed and unconfirmed sign-ups, conversion, difference with its interval, what was over the bound, and the verdict', async () => {
    renderPanel([running], { mutate: vi.fn(async () => ({})) })
    const table = await screen.findByRole('table', { name: 'Results of Shorter headline' })
    const [head, control, variant] = within(table).getAllByRole('row')
    expect(head).toHaveTextContent(/Visitors exposed.*Confirmed sign-ups.*Awaiting confirmation.*Conversion \(confirmed\)/)
    // Visitors exposed, confirmed, awaiting confirmation, conversion.
    const counts = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(3, 7)
    expect(counts(control!)).toEqual(['2500', '60', '40', '2.4 %'])
    expect(counts(variant!)).toEqual(['2500', '150', '25', '6.0 %'])
    expect(variant).toHaveTextContent(/\+3\.00 pts \(\+1\.01 pts to \+4\.99 pts\).*0\.001/)
    expect(screen.getByText(/from clients over the bound.*: 412 page views, 9 sign-ups\./)).toBeInTheDocument()
    expect(screen.getByText(/Variant B converts better than the default/)).toBeInTheDocument()
  })

  it('promotes the winner as the Studio user: its text becomes the default, the variants go, the experiment ends', async () => {
    const mutate = vi.fn(async () => ({}))
    const user = renderPanel([running], { mutate })
    await user.click(await screen.findByRole('button', { name: 'Promote Variant B' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Promote Variant B?')
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }))
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1))
    expect(mutate).toHaveBeenCalledWith([
      {
        patch: {
          id: 'homePage',
          set: {
            'sections[_key=="hero"].headline.default': { _type: 'localeString', pt: 'Avaliações justas', en: 'Fair reviews' },
          },
          unset: ['sections[_key=="hero"].headline.experimentId', 'sections[_key=="hero"].headline.variants'],
        },
      },
      { patch: { id: running.id, set: { status: 'ended', winner: 'b', stoppedAt: expect.any(String) } } },
    ])
  })

  it('creates an experiment on a field that holds none, with its variant in both languages', async () => {
    const mutate = vi.fn(async () => ({}))
    const user = renderPanel([running], { mutate })
    const field = await screen.findByLabelText('Text to test')
    expect(
      within(field)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Free-trial heading'])
    await user.click(screen.getByRole('button', { name: 'Create experiment' }))
    expect(await screen.findByText('Write both languages of every variant, and a name.')).toBeInTheDocument()
    expect(mutate).not.toHaveBeenCalled()

    await user.type(screen.getByLabelText('Name'), 'Urgent heading')
    await user.type(screen.getByLabelText('Variant B (Português)'), 'Teste já')
    await user.type(screen.getByLabelText('Variant B (English)'), 'Try it now')
    await user.click(screen.getByRole('button', { name: 'Create experiment' }))
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1))
    const [[mutations]] = mutate.mock.calls as unknown as [[[{ create: { _id: string } }, { patch: unknown }]]]
    const id = mutations[0].create._id
    expect(mutations).toEqual([
      {
        create: {
          _id: id,
          _type: 'experiment',
          title: 'Urgent heading',
          status: 'draft',
          plannedExposures: 5000,
          variants: [{ _key: 'b', _type: 'experimentVariant', variantId: 'b', label: 'Variant B' }],
        },
      },
      {
        patch: {
          id: 'homePage',
          set: {
            'sections[_key=="freeTrial"].title.experimentId': id,
            'sections[_key=="freeTrial"].title.variants': [
              {
                _key: 'b',
                _type: 'variantLocaleString',
                experimentId: id,
                variantId: 'b',
                value: { _type: 'localeString', pt: 'Teste já', en: 'Try it now' },
              },
            ],
          },
        },
      },
    ])
  })

  it('starts a draft with the even split it offers, and stops a running one', async () => {
    const mutate = vi.fn(async () => ({}))
    const draft = {
      ...running,
      id: 'experiment-draft',
      title: 'Draft test',
      status: 'draft' as const,
      served: false,
      verdict: { kind: 'collecting' as const, exposuresNeeded: 100 },
    }
    const user = renderPanel([draft, running], { mutate })
    expect(await screen.findByLabelText('Share of Variant B (%)')).toHaveValue('50')
    await user.click(screen.getByRole('button', { name: 'Start' }))
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(2))
    expect(mutate.mock.calls).toEqual([
      [[{ patch: { id: 'experiment-draft', set: { status: 'running', split: [50, 50], startedAt: expect.any(String) } } }]],
      [[{ patch: { id: running.id, set: { status: 'stopped', stoppedAt: expect.any(String) } } }]],
    ])
  })

  it('offers no start while the running experiments leave no room for a draft, and says why', async () => {
    const fiveArms = (id: string) => ({
      ...running,
      id,
      arms: ['default', 'b', 'c', 'd', 'e'].map((arm) => ({ ...running.arms[0]!, id: arm, label: arm, share: 20 })),
    })
    const draft = { ...fiveArms('experiment-draft'), title: 'Draft test', status: 'draft' as const, served: false }
    // 5 × 5 running, 5 more would make 125 combinations (at most 64).
    renderPanel([draft, fiveArms('experiment-one'), fiveArms('experiment-two')], { mutate: vi.fn(async () => ({})) })
    expect(await screen.findByRole('button', { name: 'Start' })).toBeDisabled()
    expect(
      screen.getByText(/leave no room for this one: at most 4 run at once, making at most 64 combinations/),
    ).toBeInTheDocument()
  })

  it('says so of a running experiment the server assigns nobody in', async () => {
    renderPanel([{ ...running, served: false }])
    expect(await screen.findByText(/Running, but nobody is assigned in it/)).toBeInTheDocument()
  })

  it('offers no change without a Studio session to write with, and says so', async () => {
    renderPanel([running])
    expect(await screen.findByText(/Open the tool from the Studio/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create experiment' })).not.toBeInTheDocument()
  })

  it('blocks the verdict when the split is broken, and says why', async () => {
    renderPanel([{ ...running, sampleRatio: { chiSquare: 100, pValue: 1.5e-23, mismatch: true }, verdict: { kind: 'mismatch' } }])
    expect(await screen.findByText(/Assignment looks broken.*sample-ratio mismatch, p = 1\.5e-23/)).toBeInTheDocument()
  })
})
