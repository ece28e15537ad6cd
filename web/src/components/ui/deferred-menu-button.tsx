import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { DeferredComponent } from './deferred-component'
import { OPENING_KEYS, type DeferredMenuProps, type MenuOpener } from './deferred-menu'

interface DeferredMenuButtonProps<M extends DeferredMenuProps> {
  menu: DeferredComponent<M>
  /** The menu's own props. */
  menuProps: Omit<M, keyof DeferredMenuProps>
  /** The stand-in trigger: its accessible name, classes and content, as the menu's trigger has them. */
  label: string
  /** A tooltip title, if the menu's trigger has one. */
  title?: string
  className: string
  children: ReactNode
}

/** Renders the stand-in until the menu's code has arrived, then the menu. */
export function DeferredMenuButton<M extends DeferredMenuProps>({
  menu,
  menuProps,
  label,
  title,
  className,
  children,
}: DeferredMenuButtonProps<M>) {
  const [Menu, setMenu] = useState(() => menu.get())
  const [opener, setOpener] = useState<MenuOpener | null>(null)
  const [focusOnMount, setFocusOnMount] = useState(false)
  const standIn = useRef<HTMLButtonElement>(null)
  const mounted = useRef(true)
  useEffect(
    () => () => {
      mounted.current = false
    },
    [],
  )

  if (Menu) return <Menu {...(menuProps as M)} opener={opener} focusOnMount={focusOnMount} />

  const load = () => {
    menu.load().then(
      (loaded) => {
        if (!mounted.current) return
        setFocusOnMount(document.activeElement === standIn.current)
        setMenu(() => loaded)
      },
      // Nothing to show: the next press tries again (a failed import is not cached by the browser).
      () => {},
    )
  }
  return (
    <button
      ref={standIn}
      type="button"
      aria-label={label}
      title={title}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={className}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return
        // Like Radix's trigger: the menu, not the button, takes focus when it opens.
        event.preventDefault()
        setOpener({ kind: 'pointer' })
        load()
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.includes(event.key)) return
        event.preventDefault()
        setOpener({ kind: 'key', key: event.key })
        load()
      }}
    >
      {children}
    </button>
  )
}

