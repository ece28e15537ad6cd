import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactNode } from 'react'
import { TOOLTIP_DELAY_MS } from '@/lib/constants'

/**
 * Radix's tooltip provider. Each Tooltip below brings its own (so the app's providers hold no Radix
 * code, which the first load of every page would carry); this one is for Radix tooltips used
 * directly and changes nothing around a Tooltip.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>{children}</RadixTooltip.Provider>
}

interface TooltipProps {
  content: ReactNode
  /** The trigger: one focusable element. */
  children: ReactNode
  /** Open delay; 700 ms unless overridden (the privilege table uses 50 ms). */
  delayMs?: number
  side?: 'top' | 'right' | 'bottom' | 'left'
}

/** Shows on hover after the delay and immediately on keyboard focus; Escape hides it. */
export function Tooltip({ content, children, delayMs = TOOLTIP_DELAY_MS, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
    <RadixTooltip.Root delayDuration={delayMs}>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
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
