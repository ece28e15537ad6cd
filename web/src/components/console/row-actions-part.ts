import { buttonClasses } from '@/components/ui/button-classes'
import { deferredComponent } from '@/components/ui/deferred-component'
import type { RowActionsMenuProps } from './row-actions-menu-panel'

export const ROW_ACTIONS_TRIGGER_CLASSES = buttonClasses('secondary', 'sm', 'w-8 px-0')

/** The row menu's Radix code, loaded on a row button's first hover, focus or press. */
export const rowActionsMenu = deferredComponent<RowActionsMenuProps>(
  async () => (await import('./row-actions-menu-panel')).RowActionsMenuPanel,
)
