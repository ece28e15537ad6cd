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

/**
 * An on/off switch with a visible label (and optional hint) tied to it: a button with role="switch"
 * and aria-checked, as Radix's Switch renders it (same attributes, data-state and thumb), written out
 * because it is on the server list's first paint and Radix's Switch cost that page 5.5 KB gzipped
 * (the switch and the Radix core it would be the only user of there; issue 17, fourth round). Enter
 * and Space press a button natively. Radix's hidden form input is left out: no switch in the app has
 * a name or feeds a form's submission (each is controlled through onCheckedChange).
 */
export function Switch({ label, description, checked, onCheckedChange, disabled, className }: SwitchProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const state = checked ? 'checked' : 'unchecked'
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
      {/* oxlint-disable-next-line jsx-a11y/control-has-associated-label -- the <label htmlFor={id}> above names it */}
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-describedby={description ? hintId : undefined}
        data-state={state}
        data-disabled={disabled ? '' : undefined}
        disabled={disabled}
        value="on"
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'focus-ring relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-white/10 transition-colors',
          'bg-ink-600 data-[state=checked]:border-brand-500/60 data-[state=checked]:bg-brand-500',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <span
          data-state={state}
          data-disabled={disabled ? '' : undefined}
          className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.3rem]"
        />
      </button>
    </div>
  )
}
