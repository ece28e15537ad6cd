import { ChevronDown } from 'lucide-react'

/** The trigger's chevron; it turns while the menu is open. */
export function DropdownChevron() {
  return (
    <ChevronDown aria-hidden="true" className="hidden transition-transform group-data-[state=open]:rotate-180 sm:block" />
  )
}
