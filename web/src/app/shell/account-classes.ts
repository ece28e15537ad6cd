import { buttonClasses } from '@/components/ui/button-classes'
import { deferredComponent } from '@/components/ui/deferred-component'
import type { AccountMenuProps } from './account-menu'

/** The account menu trigger's classes, shared by its stand-in (UserMenu) and the menu (AccountMenu). */
export const ACCOUNT_TRIGGER_CLASSES = buttonClasses('ghost', 'md', 'group max-w-48 gap-2 px-1.5 sm:px-2')

/** The account menu, loaded on first use (see UserMenu). */
export const accountMenu = deferredComponent<AccountMenuProps>(async () => (await import('./account-menu')).AccountMenu)
