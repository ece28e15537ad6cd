import * as RadixMenu from '@radix-ui/react-dropdown-menu'
import { Ellipsis } from 'lucide-react'
import { useRef } from 'react'
import { ROW_ACTIONS_TRIGGER_CLASSES } from './row-actions-part'
import { useReplayOpener, type DeferredMenuProps } from '@/components/ui/deferred-menu'
import { cn } from '@/lib/cn'

export interface RowAction {
  id: string
  label: string
  /** Shown in the danger colour (ends or deletes something). */
  danger?: boolean
  onSelect: () => void
}

export interface RowActionsMenuProps extends DeferredMenuProps {
  /** The trigger's accessible name, naming the row ("More actions for Scrim 1"). */
  label: string
  actions: RowAction[]
}

/**
 * A table row's actions behind one small button, so a row with several actions stays narrow. Arrow
 * keys move, Enter or Space chooses, Escape closes. A chosen action runs once the menu has given focus
 * back to its button, so the dialog it opens returns focus there when it closes. Loaded on first use
 * (RowActionsMenu).
 */
export function RowActionsMenuPanel({ label, actions, opener, focusOnMount }: RowActionsMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null)
  useReplayOpener(trigger, { opener, focusOnMount })
  const chosen = useRef<RowAction | null>(null)
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger ref={trigger} aria-label={label} title={label} className={ROW_ACTIONS_TRIGGER_CLASSES}>
        <Ellipsis aria-hidden="true" />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align="end"
          sideOffset={4}
          onCloseAutoFocus={(event) => {
            const action = chosen.current
            chosen.current = null
            if (!action) return
            event.preventDefault()
            trigger.current?.focus()
            action.onSelect()
          }}
          className="z-50 min-w-40 animate-pop-in rounded-xl border border-white/10 bg-ink-800 p-1 shadow-xl shadow-black/50"
        >
          {actions.map((action) => (
            <RadixMenu.Item
              key={action.id}
              onSelect={() => {
                chosen.current = action
              }}
              className={cn(
                'flex cursor-pointer items-center rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-white/[0.07]',
                action.danger ? 'text-danger-400' : 'text-zinc-200 data-[highlighted]:text-white',
              )}
            >
              {action.label}
            </RadixMenu.Item>
          ))}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  )
}
