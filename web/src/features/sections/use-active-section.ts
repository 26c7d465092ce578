import { useEffect, useState } from 'react'

/** The section that owns the upper third of the viewport is the one being read. */
const READING_LINE = 0.35

/** Which section the reader is in: starts at the first, follows scrolling and in-page jumps. */
export function useActiveSection(sectionIds: readonly string[]): string {
  const [active, setActive] = useState(sectionIds[0] ?? '')

  useEffect(() => {
    let frame = 0
    const measure = () => {
      frame = 0
      const line = window.innerHeight * READING_LINE
      const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2
      const passed = sectionIds.filter((id) => {
        const top = document.getElementById(id)?.getBoundingClientRect().top
        return top !== undefined && top <= line
      })
      const current = atBottom ? sectionIds.at(-1) : passed.at(-1)
      setActive(current ?? sectionIds[0] ?? '')
    }
    const schedule = () => {
      frame ||= requestAnimationFrame(measure)
    }
    // The first reading waits for a frame: in the effect it would lay out the page in the task that hydrated it.
    schedule()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [sectionIds])

  return active
}
