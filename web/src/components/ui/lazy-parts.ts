// The design system's pieces that load on first use (see deferred-component.ts).
import type { DropdownProps } from './dropdown'
import { deferredComponent } from './deferred-component'
import type { DialogProps } from './dialog-panel'
import type { DrawerProps } from './drawer'
import type { MenuPillProps, MultiSelectProps } from './multi-select-menu'
import type { ToastViewportProps } from './toast-viewport'
import type { TooltipPanelProps } from './tooltip-panel'

export const dialogPanel = deferredComponent<DialogProps>(async () => (await import('./dialog-panel')).DialogPanel)
export const drawerPanel = deferredComponent<DrawerProps>(async () => (await import('./drawer')).Drawer)
export const toastViewport = deferredComponent<ToastViewportProps>(
  async () => (await import('./toast-viewport')).ToastViewport,
)
/** The Dropdown of one value type; the header's language switcher uses it. */
export const languageDropdown = deferredComponent<DropdownProps<'zh' | 'en'>>(
  async () => (await import('./dropdown')).Dropdown,
)
/** MultiSelect's menu; its MenuPill arrives with it (both from one chunk). */
export const menuPill = deferredComponent<MenuPillProps>(async () => (await import('./multi-select-menu')).RadixMenuPill)
export const multiSelectMenu = deferredComponent<MultiSelectProps>(async () => {
  const [menu] = await Promise.all([import('./multi-select-menu'), menuPill.load()])
  return menu.MultiSelectMenu
})
export const tooltipPanel = deferredComponent<TooltipPanelProps>(async () => (await import('./tooltip-panel')).TooltipPanel)
