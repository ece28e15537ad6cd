import { useRef, useState } from 'react'
import { tooltipPanel } from './lazy-parts'
import type { TooltipProps, TooltipReplay } from './tooltip-panel'

/**
 * Shows on hover after the delay (700 ms unless `delayMs` says otherwise) and immediately on
 * keyboard focus; Escape hides it. Radix's tooltip code (with floating-ui) loads on the first hover
 * or focus of any trigger; until then the trigger renders bare, and the hover or focus that started
 * the load is handed to the tooltip once it is there.
 */
export function Tooltip(props: TooltipProps) {
  const [Panel, setPanel] = useState(() => tooltipPanel.get())
  const [replay, setReplay] = useState<TooltipReplay>(null)
  const intent = useRef({ pointer: false, focus: false })
  if (Panel) return <Panel {...props} replay={replay} />

  const load = () => {
    tooltipPanel.load().then(
      (loaded) => {
        setReplay(intent.current.focus ? 'focus' : intent.current.pointer ? 'pointer' : null)
        setPanel(() => loaded)
      },
      () => {},
    )
  }
  return (
    <span
      className="contents"
      onPointerEnter={() => {
        intent.current.pointer = true
        load()
      }}
      onPointerLeave={() => {
        intent.current.pointer = false
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
