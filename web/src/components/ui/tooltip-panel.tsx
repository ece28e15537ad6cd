import * as RadixTooltip from '@radix-ui/react-tooltip'
import { useEffect, useRef, type ReactNode } from 'react'
import { TOOLTIP_DELAY_MS } from '@/lib/constants'

/** What the stand-in saw before this code arrived: the trigger had focus, or the pointer was on it. */
export type TooltipReplay = 'focus' | 'pointer' | null

export interface TooltipProps {
  content: ReactNode
  /** The trigger: one focusable element. */
  children: ReactNode
  /** Open delay; 700 ms unless overridden (the privilege table uses 50 ms). */
  delayMs?: number
  side?: 'top' | 'right' | 'bottom' | 'left'
}

export interface TooltipPanelProps extends TooltipProps {
  replay?: TooltipReplay
}

/**
 * Radix's tooltip behind Tooltip, loaded on the first hover or focus of a trigger. The trigger it
 * replaces had the focus or the pointer: give it back, so the tooltip opens as it would have.
 */
export function TooltipPanel({ content, children, delayMs = TOOLTIP_DELAY_MS, side = 'top', replay }: TooltipPanelProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  const replayed = useRef(false)
  useEffect(() => {
    const trigger = triggerRef.current
    if (replayed.current || !trigger) return
    replayed.current = true
    if (replay === 'focus') trigger.focus()
    else if (replay === 'pointer') {
      trigger.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }))
    }
  }, [replay])
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
    <RadixTooltip.Root delayDuration={delayMs}>
      <RadixTooltip.Trigger ref={triggerRef} asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className="z-50 max-w-xs animate-fade-in rounded-md border border-white/10 bg-ink-700 px-2.5 py-1.5 text-xs font-medium text-zinc-100 shadow-lg shadow-black/40"
        >
          {content}
          <RadixTooltip.Arrow className="fill-ink-700" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
    </RadixTooltip.Provider>
  )
}
