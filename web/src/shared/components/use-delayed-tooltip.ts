import { useCallback, useEffect, useRef, useState } from 'react'

/** Tooltips appear after 700 ms of hover or keyboard focus, not at once. */
export const TOOLTIP_DELAY_MS = 700

export function useDelayedTooltip() {
  const [visible, setVisible] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const hide = useCallback(() => {
    clearTimeout(timer.current)
    setVisible(false)
  }, [])
  const show = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setVisible(true), TOOLTIP_DELAY_MS)
  }, [])

  useEffect(() => () => clearTimeout(timer.current), [])

  return {
    visible,
    hide,
    triggerProps: { onPointerEnter: show, onPointerLeave: hide, onFocus: show, onBlur: hide },
  }
}
