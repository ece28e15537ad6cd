import * as RadixMenu from '@radix-ui/react-dropdown-menu'
import { Check } from 'lucide-react'
import { useRef, type ReactNode } from 'react'
import { useReplayOpener, type DeferredMenuProps } from './deferred-menu'
import { dropdownTriggerClasses } from './button-classes'
import { DropdownChevron } from './dropdown-trigger'

export interface DropdownItem<T extends string> {
  value: T
  label: string
}

export interface DropdownProps<T extends string> extends DeferredMenuProps {
  /** Accessible name of the trigger, e.g. "Change language". */
  label: string
  /** Visible trigger content; defaults to the selected item's label. */
  trigger?: ReactNode
  items: DropdownItem<T>[]
  value: T
  onValueChange: (value: T) => void
  align?: 'start' | 'center' | 'end'
  className?: string
}

/**
 * A single-choice menu: arrow keys move, Enter or Space chooses, Escape closes. The list is at
 * most 15 rem tall and scrolls beyond that.
 */
export function Dropdown<T extends string>({
  label,
  trigger,
  items,
  value,
  onValueChange,
  align = 'end',
  className,
  opener,
  focusOnMount,
}: DropdownProps<T>) {
  const selected = items.find((item) => item.value === value)
  const triggerRef = useRef<HTMLButtonElement>(null)
  useReplayOpener(triggerRef, { opener, focusOnMount })
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger ref={triggerRef} aria-label={label} className={dropdownTriggerClasses(className)}>
        {trigger ?? selected?.label}
        <DropdownChevron />
      </RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={6}
          className="z-50 max-h-[15rem] min-w-40 animate-pop-in overflow-y-auto rounded-xl border border-white/10 bg-ink-800 p-1 shadow-xl shadow-black/50"
        >
          <RadixMenu.RadioGroup value={value} onValueChange={(next) => onValueChange(next as T)}>
            {items.map((item) => (
              <RadixMenu.RadioItem
                key={item.value}
                value={item.value}
                className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none select-none data-[highlighted]:bg-white/[0.07] data-[highlighted]:text-white data-[state=checked]:text-brand-300"
              >
                {item.label}
                <RadixMenu.ItemIndicator>
                  <Check className="size-4" aria-hidden="true" />
                </RadixMenu.ItemIndicator>
              </RadixMenu.RadioItem>
            ))}
          </RadixMenu.RadioGroup>
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  )
}
