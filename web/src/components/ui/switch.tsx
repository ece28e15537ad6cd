import * as RadixSwitch from '@radix-ui/react-switch'
import { useId } from 'react'
import { cn } from '@/lib/cn'

interface SwitchProps {
  label: string
  description?: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
  className?: string
}

/** An on/off switch with a visible label (and optional hint) tied to it. */
export function Switch({ label, description, checked, onCheckedChange, disabled, className }: SwitchProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-zinc-100">
          {label}
        </label>
        {description && (
          <p id={hintId} className="mt-0.5 text-xs text-zinc-400">
            {description}
          </p>
        )}
      </div>
      <RadixSwitch.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? hintId : undefined}
        className={cn(
          'focus-ring relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-white/10 transition-colors',
          'bg-ink-600 data-[state=checked]:border-brand-500/60 data-[state=checked]:bg-brand-500',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.3rem]" />
      </RadixSwitch.Root>
    </div>
  )
}
