import { afterEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { AppErrorBoundary } from './error-boundary.tsx'

function Broken(): never {
  throw new Error('content shape changed')
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('AppErrorBoundary', () => {
  it('shows the default error screen when a child throws while rendering, and logs the error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <AppErrorBoundary message="Unexpected Application Error!">
        <p>Page</p>
        <Broken />
      </AppErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByText('content shape changed')).toBeInTheDocument()
    expect(screen.queryByText('Page')).not.toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(
      'Unhandled application error:',
      expect.objectContaining({ message: 'content shape changed' }),
      expect.any(String),
    )
  })

  it('renders its children when nothing throws', () => {
    render(
      <AppErrorBoundary message="Unexpected Application Error!">
        <p>Page</p>
      </AppErrorBoundary>,
    )
    expect(screen.getByText('Page')).toBeInTheDocument()
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument()
  })
})
