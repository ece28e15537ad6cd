import * as RadixMenu from '@radix-ui/react-dropdown-menu'
import { Check } from 'lucide-react'
import { useRef, type ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { multiSelectTriggerClasses } from './button-classes'
import { useReplayOpener, type DeferredMenuProps } from './deferred-menu'
import { MultiSelectTriggerContent } from './multi-select-trigger'

export interface MultiSelectItem {
  value: string
  label: string
}

export interface MultiSelectProps extends DeferredMenuProps {
  /** Accessible name of the trigger and the menu, e.g. "Maps". */
  label: string
  /** Visible trigger content. */
  trigger: ReactNode
  items: MultiSelectItem[]
  values: readonly string[]
  onValuesChange: (values: string[]) => void
  /** Shown when there are no items. */
  emptyText: string
  /** Shown above the items (e.g. group pills); keep its controls menu items. */
  header?: ReactNode
  /** A "clear" entry shown when something is selected. */
  clearLabel?: string
  align?: 'start' | 'center' | 'end'
  className?: string
}

const itemClasses =
  'flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none select-none data-[highlighted]:bg-white/[0.07] data-[highlighted]:text-white'

/**
 * A menu of checkable items (several may be chosen); it stays open while choosing. Arrow keys move,
 * Enter or Space toggles, Escape closes. The list is at most 15 rem tall and scrolls beyond that.
 * Loaded on first use: see MultiSelect.
 */
export function MultiSelectMenu({
  label,
  trigger,
  items,
  values,
  onValuesChange,
  emptyText,
  header,
  clearLabel,
  align = 'start',
  className,
  opener,
  focusOnMount,
}: MultiSelectProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  useReplayOpener(triggerRef, { opener, focusOnMount })
  const toggle = (value: string, checked: boolean) =>
    onValuesChange(checked ? [...values, value] : values.filter((v) => v !== value))
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger ref={triggerRef} aria-label={label} className={multiSelectTriggerClasses(className)}>
        <MultiSelectTriggerContent trigger={trigger} />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          aria-label={label}
          align={align}
          sideOffset={6}
          className="z-50 flex max-h-[15rem] w-[var(--radix-dropdown-menu-trigger-width)] min-w-40 animate-pop-in flex-col overflow-hidden rounded-xl border border-white/10 bg-ink-800 shadow-xl shadow-black/50"
        >
          {header && <div className="shrink-0 border-b border-white/[0.06] p-1.5">{header}</div>}
          <div className="min-h-0 flex-1 overflow-y-auto p-1">
            {items.length === 0 && <p className="px-3 py-2 text-sm text-zinc-500">{emptyText}</p>}
            {items.map((item) => (
              <RadixMenu.CheckboxItem
                key={item.value}
                checked={values.includes(item.value)}
                onCheckedChange={(checked) => toggle(item.value, checked)}
                onSelect={(event) => event.preventDefault()}
                className={cn(itemClasses, 'data-[state=checked]:text-brand-300')}
              >
                <span className="truncate">{item.label}</span>
                <RadixMenu.ItemIndicator>
                  <Check className="size-4" aria-hidden="true" />
                </RadixMenu.ItemIndicator>
              </RadixMenu.CheckboxItem>
            ))}
          </div>
          {clearLabel && values.length > 0 && (
            <div className="shrink-0 border-t border-white/[0.06] p-1">
              <RadixMenu.Item onSelect={() => onValuesChange([])} className={cn(itemClasses, 'text-zinc-400')}>
                {clearLabel}
              </RadixMenu.Item>
            </div>
          )}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  )
}

export interface MenuPillProps {
  selected: boolean
  onSelect: () => void
  children: ReactNode
}

/** A pill inside a MultiSelect header; a menu item, so the arrow keys reach it. */
export function RadixMenuPill({ selected, onSelect, children }: MenuPillProps) {
  return (
    <RadixMenu.Item
      onSelect={(event) => {
        event.preventDefault()
        onSelect()
      }}
      aria-current={selected || undefined}
      className={cn(
        'cursor-pointer rounded-full px-2.5 py-1 text-xs font-semibold outline-none select-none',
        'data-[highlighted]:ring-2 data-[highlighted]:ring-brand-400/60',
        selected ? 'bg-brand-500 text-ink-950' : 'bg-white/[0.05] text-zinc-300',
      )}
    >
      {children}
    </RadixMenu.Item>
  )
}
