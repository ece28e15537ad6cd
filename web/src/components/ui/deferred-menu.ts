// The header's menus (language, account) load Radix's menu code on first use instead of with the
// page (issue 17's first-load budget): until then a plain button stands in, looking and announcing
// the same. The first press, by pointer or by key, loads the menu and is replayed on its trigger, so
// it opens on that press with Radix's focus handling (first item focused when opened by key).
import { useEffect, useRef, type RefObject } from 'react'

/** How the stand-in was pressed before the menu's code arrived. */
export type MenuOpener = { kind: 'pointer' } | { kind: 'key'; key: string }

/** Props every deferred menu takes from its stand-in. */
export interface DeferredMenuProps {
  /** The press to replay on the real trigger once it is mounted. */
  opener?: MenuOpener | null
  /** The stand-in had focus: move it to the real trigger. */
  focusOnMount?: boolean
}

/** The keys that open a Radix menu from its trigger. */
export const OPENING_KEYS = ['Enter', ' ', 'ArrowDown']

/**
 * Used by the real menu: once mounted, focuses its trigger if the stand-in had focus and replays the
 * stand-in's press on it (Radix opens on pointerdown and on Enter, Space or ArrowDown).
 */
export function useReplayOpener(trigger: RefObject<HTMLElement | null>, { opener, focusOnMount }: DeferredMenuProps) {
  const replayed = useRef(false)
  useEffect(() => {
    const element = trigger.current
    if (replayed.current || !element) return
    replayed.current = true
    if (focusOnMount || opener?.kind === 'key') element.focus()
    if (opener?.kind === 'key') {
      element.dispatchEvent(new KeyboardEvent('keydown', { key: opener.key, bubbles: true, cancelable: true }))
    } else if (opener?.kind === 'pointer') {
      element.dispatchEvent(new PointerEvent('pointerdown', { button: 0, bubbles: true, cancelable: true }))
    }
  }, [trigger, opener, focusOnMount])
}
