import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'

/** The MultiSelect trigger's content, shared with its stand-in. */
export function MultiSelectTriggerContent({ trigger }: { trigger: ReactNode }) {
  return (
    <>
      <span className="min-w-0 truncate">{trigger}</span>
      <ChevronDown aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-180" />
    </>
  )
}
