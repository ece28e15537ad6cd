// Radix's toast region and the toasts in it: loaded with the first toast (ToastProvider), so the
// shell's first load carries none of it.
import * as RadixToast from '@radix-ui/react-toast'
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import type { ToastOptions, ToastTone } from './toast-context'

export interface ToastEntry extends ToastOptions {
  id: number
  open: boolean
}

const icons: Record<ToastTone, ReactNode> = {
  info: <Info className="size-5 text-sky-400" aria-hidden="true" />,
  success: <CircleCheck className="size-5 text-signal-400" aria-hidden="true" />,
  error: <CircleAlert className="size-5 text-danger-400" aria-hidden="true" />,
}

export interface ToastViewportProps {
  toasts: ToastEntry[]
  duration: number
  onClose: (id: number) => void
}

export function ToastViewport({ toasts, duration, onClose }: ToastViewportProps) {
  const { t } = useTranslation('common')
  return (
    <RadixToast.Provider duration={duration} label={t('toast.label')}>
      {toasts.map(({ id, title, description, tone = 'info', open }) => (
        <RadixToast.Root
          key={id}
          open={open}
          onOpenChange={(next) => !next && onClose(id)}
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
        className="fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </RadixToast.Provider>
  )
}
