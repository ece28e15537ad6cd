import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { useReturnFocus } from './use-return-focus'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Width of the panel; the dialog never exceeds the viewport. */
  size?: 'sm' | 'md' | 'lg'
  /** Where focus goes on open; call `event.preventDefault()` to move it yourself. */
  onOpenAutoFocus?: (event: Event) => void
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' }

/** The Radix dialog behind Dialog, loaded when a dialog first opens. */
export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  onOpenAutoFocus,
}: DialogProps) {
  const { t } = useTranslation('common')
  const returnFocus = useReturnFocus()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/70 backdrop-blur-sm" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus()
            onOpenAutoFocus?.(event)
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 animate-pop-in',
            'max-h-[calc(100dvh-2rem)] overflow-y-auto',
            'rounded-2xl border border-white/10 bg-ink-850 p-6 shadow-2xl shadow-black/60 focus:outline-none',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-bold text-white">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-zinc-400">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              aria-label={t('actions.close')}
              className="focus-ring -mt-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-lg text-zinc-400 hover:bg-white/[0.06] hover:text-white"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {children && <div className="mt-5">{children}</div>}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
