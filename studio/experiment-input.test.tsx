import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { studioTheme, ThemeProvider } from '@sanity/ui'
import { ExperimentAttach, type DraftExperiment } from './experiment-input.tsx'

const draft: DraftExperiment = { _id: 'experiment-1a2b3c4d', title: 'Shorter headline', variants: ['b', 'c'] }

function renderAttach(value: { experimentId?: string } | undefined, experiments: DraftExperiment[], paragraph = false) {
  const onChange = vi.fn()
  render(
    <ThemeProvider theme={studioTheme}>
      <ExperimentAttach value={value} experiments={experiments} paragraph={paragraph} onChange={onChange} />
    </ThemeProvider>,
  )
  return { onChange, user: userEvent.setup({ delay: null }) }
}

describe('a field with variants in the Studio', () => {
  it('attaches a draft experiment: its id, and an empty variant per id of it, in the plugin’s shape', async () => {
    const { onChange, user } = renderAttach(undefined, [draft])
    expect(screen.getByLabelText('Experiment')).toHaveValue('experiment-1a2b3c4d')
    await user.click(screen.getByRole('button', { name: 'Add its variants' }))
    const [[patches]] = onChange.mock.calls as [[{ type: string; path: string[]; value: unknown }[]]]
    expect(patches.map(({ type, path, value }) => ({ type, path, value }))).toEqual([
      { type: 'set', path: ['experimentId'], value: 'experiment-1a2b3c4d' },
      {
        type: 'set',
        path: ['variants'],
        value: ['b', 'c'].map((variantId) => ({
          _key: variantId,
          _type: 'variantLocaleString',
          experimentId: 'experiment-1a2b3c4d',
          variantId,
          value: { _type: 'localeString' },
        })),
      },
    ])
  })

  it('takes the variants off a field that has them', async () => {
    const { onChange, user } = renderAttach({ experimentId: 'experiment-1a2b3c4d' }, [draft])
    await user.click(screen.getByRole('button', { name: 'Remove the variants' }))
    const [[patches]] = onChange.mock.calls as [[{ type: string; path: string[] }[]]]
    expect(patches.map(({ type, path }) => `${type} ${path.join('.')}`)).toEqual(['unset experimentId', 'unset variants'])
  })

  it('says where experiments are made when there is none to attach', () => {
    renderAttach(undefined, [])
    expect(screen.getByText(/create an experiment/)).toBeInTheDocument()
  })
})
