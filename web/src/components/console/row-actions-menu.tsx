import { Ellipsis } from 'lucide-react'
import { DeferredMenuButton } from '@/components/ui/deferred-menu-button'
import type { RowAction } from './row-actions-menu-panel'
import { ROW_ACTIONS_TRIGGER_CLASSES, rowActionsMenu } from './row-actions-part'

export type { RowAction }

/**
 * A table row's actions behind one small button, so a row with several actions stays narrow. Arrow
 * keys move, Enter or Space chooses, Escape closes. Radix's menu code loads on the button's first
 * hover, focus or press (DeferredMenuButton); a press made before it arrives opens the menu then.
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  return (
    <DeferredMenuButton
      menu={rowActionsMenu}
      menuProps={{ label, actions }}
      label={label}
      title={label}
      className={ROW_ACTIONS_TRIGGER_CLASSES}
    >
      <Ellipsis aria-hidden="true" />
    </DeferredMenuButton>
  )
}
