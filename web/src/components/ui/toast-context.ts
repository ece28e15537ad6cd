import { createContext, useContext } from 'react'

export type ToastTone = 'info' | 'success' | 'error'

export interface ToastOptions {
  title: string
  description?: string
  tone?: ToastTone
}

export interface ToastApi {
  toast: (options: ToastOptions) => void
}

export const ToastContext = createContext<ToastApi | null>(null)

/** Shows a toast; it closes by itself after 5 s (or by its close button / a swipe). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside <ToastProvider>')
  return api
}
