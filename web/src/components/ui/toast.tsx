import * as RadixToast from '@radix-ui/react-toast'
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { TOAST_DURATION_MS } from '@/lib/constants'
import { ToastContext, type ToastApi, type ToastOptions, type ToastTone } from './toast-context'

interface ToastEntry extends ToastOptions {
  id: number
  open: boolean
}

const icons: Record<ToastTone, ReactNode> = {
  info: <Info className="size-5 text-sky-400" aria-hidden="true" />,
  success: <CircleCheck className="size-5 text-signal-400" aria-hidden="true" />,
  error: <CircleAlert className="size-5 text-danger-400" aria-hidden="true" />,
}

export function ToastProvider({ children, duration = TOAST_DURATION_MS }: { children: ReactNode; duration?: number }) {
  const { t } = useTranslation('common')
  const [toasts, setToasts] = useState<ToastEntry[]>([])
  const nextId = useRef(1)

  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++
    setToasts((list) => [...list, { ...options, id, open: true }])
  }, [])
  const api = useMemo<ToastApi>(() => ({ toast }), [toast])

  const close = (id: number) => setToasts((list) => list.filter((entry) => entry.id !== id))

  return (
    <ToastContext value={api}>
      <RadixToast.Provider duration={duration} label={t('toast.label')}>
        {children}
        {toasts.map(({ id, title, description, tone = 'info', open }) => (
          <RadixToast.Root
            key={id}
            open={open}
            onOpenChange={(next) => !next && close(id)}
            type={tone === 'error' ? 'foreground' : 'background'}
            className={cn(
              'flex w-full animate-pop-in items-start gap-3 rounded-xl border bg-ink-800/95 p-4 shadow-xl shadow-black/50 backdrop-blur',
              tone === 'error' ? 'border-danger-500/40' : 'border-white/10',
            )}
          >
            <span className="mt-0.5">{icons[tone]}</span>
            <div className="min-w-0 flex-1">
              <RadixToast.Title className="text-sm font-semibold text-white">{title}</RadixToast.Title>
              {description && (
                <RadixToast.Description className="mt-1 text-sm text-zinc-400">{description}</RadixToast.Description>
              )}
            </div>
            <RadixToast.Close
              aria-label={t('actions.close')}
              className="focus-ring -m-1 grid size-7 place-items-center rounded-md text-zinc-400 hover:bg-white/[0.06] hover:text-white"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport
          label={t('toast.region')}
          className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext>
  )
}
