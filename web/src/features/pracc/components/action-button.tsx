import type { LucideIcon } from 'lucide-react'
import { buttonClasses } from '@/components/ui/button-classes'
import { Tooltip } from '@/components/ui/tooltip'
import { cn } from '@/lib/cn'

interface ActionButtonProps {
  icon: LucideIcon
  label: string
  /** The tooltip: what the button does, or why it cannot be used now. */
  hint: string
  enabled: boolean
  onClick: () => void
}

/**
 * A card button. A disabled one stays focusable (aria-disabled) so its tooltip can tell why, on hover
 * and on keyboard focus alike (spec 001 §2.2: "others get a disabled button with an owner-only tooltip").
 */
export function ActionButton({ icon: Icon, label, hint, enabled, onClick }: ActionButtonProps) {
  return (
    <Tooltip content={hint}>
      <button
        type="button"
        aria-disabled={!enabled || undefined}
        onClick={enabled ? onClick : undefined}
        className={cn(buttonClasses('secondary', 'sm'), !enabled && 'cursor-not-allowed opacity-50 hover:bg-white/[0.04]')}
      >
        <Icon aria-hidden="true" />
        {label}
      </button>
    </Tooltip>
  )
}
