import { ChevronDown } from 'lucide-react'
import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

const controlClasses =
  'focus-ring h-10 w-full rounded-lg border border-white/10 bg-ink-900 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 transition-colors hover:border-white/20 disabled:cursor-not-allowed disabled:opacity-60'

interface FieldFrameProps {
  id: string
  label: string
  hint?: string
  children: ReactNode
  className?: string
}

function FieldFrame({ id, label, hint, children, className }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {hint}
        </p>
      )}
    </div>
  )
}

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string
  hint?: string
}

export function TextField({ label, hint, className, ...props }: TextFieldProps) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} hint={hint} className={className}>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} className={controlClasses} {...props} />
    </FieldFrame>
  )
}

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: string
  hint?: string
  options: { value: string; label: string }[]
  placeholder?: string
}

export function SelectField({ label, hint, options, placeholder, className, ...props }: SelectFieldProps) {
  const id = useId()
  return (
    <FieldFrame id={id} label={label} hint={hint} className={className}>
      <div className="relative">
        <select
          id={id}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={cn(controlClasses, 'cursor-pointer appearance-none pr-9')}
          {...props}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-500"
        />
      </div>
    </FieldFrame>
  )
}
