import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '@testing-library/react'
import { useActiveSection } from './use-active-section.ts'

function ActiveSection({ ids }: { ids: string[] }) {
  return <p>{useActiveSection(ids)}</p>
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useActiveSection', () => {
  it('reads where the sections are in the next frame, not in the task that mounts it (which lays out the page)', async () => {
    document.body.innerHTML = '<section id="hero"></section><section id="workflow"></section>'
    const readings = vi.spyOn(Element.prototype, 'getBoundingClientRect')

    render(<ActiveSection ids={['hero', 'workflow']} />)
    expect(readings).not.toHaveBeenCalled()

    await new Promise(requestAnimationFrame)
    expect(readings).toHaveBeenCalled()
  })
})
