import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { useReturnFocus } from './use-return-focus'

export interface DrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Accessible name of the drawer (visually hidden). */
  title: string
  closeLabel: string
  /** Content of the drawer's top bar, left of the close button. */
  header?: ReactNode
  id?: string
  children: ReactNode
}

/** A panel that slides in from the left; modal, focus-trapped, closes on Escape or outside click. */
export function Drawer({ open, onOpenChange, title, closeLabel, header, id, children }: DrawerProps) {
  const returnFocus = useReturnFocus()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 animate-fade-in bg-ink-950/70 backdrop-blur-sm" />
        <RadixDialog.Content
          id={id}
          aria-describedby={undefined}
          {...returnFocus}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,86vw)] animate-drawer-in flex-col',
            'border-r border-white/10 bg-ink-900 shadow-2xl shadow-black/60 focus:outline-none',
          )}
        >
          <RadixDialog.Title className="sr-only">{title}</RadixDialog.Title>
          <div className="flex h-16 shrink-0 items-center gap-2.5 border-b border-white/[0.06] pr-3 pl-5">
            <div className="flex min-w-0 flex-1 items-center gap-2.5">{header}</div>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="focus-ring grid size-10 place-items-center rounded-lg text-zinc-400 hover:bg-white/[0.06] hover:text-white"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
