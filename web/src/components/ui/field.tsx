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

export type FieldMessageTone = 'error' | 'success' | 'info'

const messageTones: Record<FieldMessageTone, string> = {
  error: 'text-danger-400',
  success: 'text-signal-400',
  info: 'text-zinc-400',
}

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string
  hint?: string
  /** A message about the current value, announced politely; an error marks the input invalid. */
  message?: string
  messageTone?: FieldMessageTone
  /** A control shown right of the input (e.g. a send-code or reveal button). */
  addon?: ReactNode
}

export function TextField({ label, hint, message, messageTone = 'error', addon, className, ...props }: TextFieldProps) {
  const id = useId()
  const describedBy = [hint && `${id}-hint`, message && `${id}-message`].filter(Boolean).join(' ') || undefined
  const input = (
    <input
      id={id}
      aria-describedby={describedBy}
      aria-invalid={message && messageTone === 'error' ? true : undefined}
      className={cn(controlClasses, message && messageTone === 'error' && 'border-danger-500/60 hover:border-danger-500/80')}
      {...props}
    />
  )
  return (
    <FieldFrame id={id} label={label} hint={hint} className={className}>
      {addon ? (
        <div className="flex items-stretch gap-2">
          <div className="min-w-0 flex-1">{input}</div>
          {addon}
        </div>
      ) : (
        input
      )}
      <p id={`${id}-message`} aria-live="polite" className={cn('text-xs empty:hidden', messageTones[messageTone])}>
        {message}
      </p>
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
