import { useEffect, useRef, useState } from 'react'
import { tooltipPanel } from './lazy-parts'
import type { TooltipProps, TooltipReplay } from './tooltip-panel'

/**
 * Shows on hover after the delay (700 ms unless `delayMs` says otherwise) and immediately on
 * keyboard focus; Escape hides it. Radix's tooltip code (with floating-ui) loads on the first hover
 * or focus of any trigger, or once the browser is idle after the trigger appeared, whichever comes
 * first; until then the trigger renders bare, and the hover or focus that started the load is handed
 * to the tooltip once it is there. Putting the tooltip in place re-creates the trigger: doing it at
 * idle time keeps that away from the user's first click, and it waits while a press is under way
 * (a click whose press and release land on two different elements would be lost).
 */
type LoadedPanel = NonNullable<ReturnType<typeof tooltipPanel.get>>

export function Tooltip(props: TooltipProps) {
  const [Panel, setPanel] = useState(() => tooltipPanel.get())
  const [replay, setReplay] = useState<TooltipReplay>(null)
  const intent = useRef({ pointer: false, focus: false, pressed: false })
  const waiting = useRef<LoadedPanel | null>(null)
  const mounted = useRef(true)
  const wrapper = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    mounted.current = true
    if (Panel) return
    // After the press's click has reached the trigger (it bubbles past the wrapper).
    const span = wrapper.current
    span?.addEventListener('click', released)
    span?.addEventListener('pointercancel', released)
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => load(), { timeout: 2000 })
      : window.setTimeout(() => load(), 200)
    return () => {
      mounted.current = false
      span?.removeEventListener('click', released)
      span?.removeEventListener('pointercancel', released)
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
    // Once per trigger: `load` only reads refs and sets state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  if (Panel) return <Panel {...props} replay={replay} />

  const install = (loaded: LoadedPanel) => {
    setReplay(intent.current.focus ? 'focus' : intent.current.pointer ? 'pointer' : null)
    setPanel(() => loaded)
  }
  const load = () => {
    tooltipPanel.load().then(
      (loaded) => {
        if (!mounted.current) return
        if (intent.current.pressed) waiting.current = loaded
        else install(loaded)
      },
      () => {},
    )
  }
  function released() {
    intent.current.pressed = false
    const loaded = waiting.current
    waiting.current = null
    if (loaded) install(loaded)
  }
  return (
    <span
      ref={wrapper}
      className="contents"
      onPointerEnter={() => {
        intent.current.pointer = true
        load()
      }}
      onPointerDown={() => {
        intent.current.pressed = true
      }}
      onPointerLeave={() => {
        intent.current.pointer = false
        if (intent.current.pressed) released()
      }}
      onFocus={() => {
        intent.current.focus = true
        load()
      }}
      onBlur={() => {
        intent.current.focus = false
      }}
    >
      {props.children}
    </span>
  )
}
