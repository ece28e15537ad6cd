import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { HOLD_TO_CONFIRM_MS } from '@/lib/constants'

/** How often the progress is redrawn while held. */
const TICK_MS = 50

interface HoldOptions {
  onConfirm: () => void
  durationMs?: number
  disabled?: boolean
}

/**
 * Press and hold to confirm (spec 001 §9: 2000 ms): the pointer or Space/Enter held down fills the
 * progress; letting go early, leaving the button or losing focus starts over. Confirms once per hold.
 */
export function useHoldToConfirm({ onConfirm, durationMs = HOLD_TO_CONFIRM_MS, disabled = false }: HoldOptions) {
  const [progress, setProgress] = useState(0)
  const [holding, setHolding] = useState(false)
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined)
  const onConfirmRef = useRef(onConfirm)
  const disabledRef = useRef(disabled)
  useEffect(() => {
    onConfirmRef.current = onConfirm
    disabledRef.current = disabled
  }, [onConfirm, disabled])

  const stop = useCallback(() => {
    clearInterval(timer.current)
    timer.current = undefined
    setHolding(false)
  }, [])

  const cancel = useCallback(() => {
    stop()
    setProgress(0)
  }, [stop])

  const begin = useCallback(() => {
    if (disabled || timer.current !== undefined) return
    const startedAt = Date.now()
    setProgress(0)
    setHolding(true)
    timer.current = setInterval(() => {
      // A button that becomes disabled mid-hold lets go.
      if (disabledRef.current) {
        stop()
        setProgress(0)
        return
      }
      const done = Math.min(1, (Date.now() - startedAt) / durationMs)
      setProgress(done)
      if (done >= 1) {
        stop()
        onConfirmRef.current()
      }
    }, TICK_MS)
  }, [disabled, durationMs, stop])

  useEffect(() => () => clearInterval(timer.current), [])

  const isHoldKey = (event: KeyboardEvent) => event.key === ' ' || event.key === 'Enter'

  const handlers = {
    onPointerDown: (event: PointerEvent) => {
      if (event.button === 0) begin()
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onKeyDown: (event: KeyboardEvent) => {
      if (!isHoldKey(event)) return
      // No page scroll (Space) and no click (Enter): only the hold confirms.
      event.preventDefault()
      if (!event.repeat) begin()
    },
    onKeyUp: (event: KeyboardEvent) => {
      if (!isHoldKey(event)) return
      event.preventDefault()
      cancel()
    },
    onBlur: cancel,
    // A long press on a touch screen must not open the context menu instead.
    onContextMenu: (event: { preventDefault: () => void }) => event.preventDefault(),
  }

  return { progress: disabled ? 0 : progress, holding: holding && !disabled, handlers, reset: cancel }
}
