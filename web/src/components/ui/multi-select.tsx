import { multiSelectTriggerClasses } from './button-classes'
import { DeferredMenuButton } from './deferred-menu-button'
import { DeferredPart } from './deferred-part'
import { menuPill, multiSelectMenu } from './lazy-parts'
import type { MenuPillProps, MultiSelectProps } from './multi-select-menu'
import { MultiSelectTriggerContent } from './multi-select-trigger'

export type { MultiSelectItem } from './multi-select-menu'

/**
 * A menu of checkable items (several may be chosen); it stays open while choosing. Arrow keys move,
 * Enter or Space toggles, Escape closes. Radix's menu code loads on the trigger's first hover, focus
 * or press, which a stand-in with the same look and name takes until then (DeferredMenuButton).
 */
export function MultiSelect(props: Omit<MultiSelectProps, 'opener' | 'focusOnMount'>) {
  return (
    <DeferredMenuButton
      menu={multiSelectMenu}
      menuProps={props}
      label={props.label}
      className={multiSelectTriggerClasses(props.className)}
    >
      <MultiSelectTriggerContent trigger={props.trigger} />
    </DeferredMenuButton>
  )
}

/**
 * A pill inside a MultiSelect header; a menu item, so the arrow keys reach it. It only renders
 * inside the open menu, whose chunk brought it.
 */
export function MenuPill(props: MenuPillProps) {
  return <DeferredPart part={menuPill} props={props} />
}

