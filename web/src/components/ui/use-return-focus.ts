import { useRef } from 'react'

/**
 * Radix returns focus to its own Trigger on close. Our dialogs are often opened by other controls
 * (a header button, a route), so remember what had focus on open and return there on close.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current
      opener.current = null
      if (!target?.isConnected || target === document.body) return
      event.preventDefault()
      target.focus()
    },
  }
}
