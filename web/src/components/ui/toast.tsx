import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { TOAST_DURATION_MS } from '@/lib/constants'
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context'
import { DeferredPart } from './deferred-part'
import { toastViewport } from './lazy-parts'
import type { ToastEntry } from './toast-viewport'

/** The toasts; Radix's toast code loads with the first one (most visits show none). */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: { children: ReactNode; duration?: number }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([])
  const nextId = useRef(1)

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++
    setToasts((list) => [...list, { ...options, id, open: true }])
  }, [])
  const api = useMemo<ToastApi>(() => ({ toast }), [toast])
  const close = useCallback((id: number) => setToasts((list) => list.filter((entry) => entry.id !== id)), [])
  // Once shown, the region stays (Radix keeps it, with its F8 shortcut, while mounted).
  const [shown, setShown] = useState(false)
  if (toasts.length > 0 && !shown) setShown(true)

  return (
    <ToastContext value={api}>
      {children}
      {shown && <DeferredPart part={toastViewport} props={{ toasts, duration, onClose: close }} />}
    </ToastContext>
  )
}
