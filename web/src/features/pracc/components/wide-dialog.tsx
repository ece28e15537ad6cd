import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useReturnFocus } from '@/components/ui/use-return-focus'

interface WideDialogProps {
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  children: ReactNode
}

/**
 * The new-server dialog's frame: the shared dialog's look and focus handling at the spec's 800 px
 * (components/ui/dialog stops at 768 px); it scrolls inside on short or narrow screens.
 */
export function WideDialog({ onOpenChange, title, description, children }: WideDialogProps) {
  const { t } = useTranslation('common')
  const returnFocus = useReturnFocus()
  return (
    <RadixDialog.Root open onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink-950/70 backdrop-blur-sm" />
        <RadixDialog.Content
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[800px] -translate-x-1/2 -translate-y-1/2 animate-pop-in overflow-y-auto rounded-2xl border border-white/10 bg-ink-850 p-5 shadow-2xl shadow-black/60 focus:outline-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-bold text-white">{title}</RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-zinc-400">{description}</RadixDialog.Description>
            </div>
            <RadixDialog.Close
              aria-label={t('actions.close')}
              className="focus-ring -mt-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-lg text-zinc-400 hover:bg-white/[0.06] hover:text-white"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="mt-5">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
