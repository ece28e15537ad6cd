import { ArrowLeft, CircleAlert, CircleCheck, type LucideIcon } from 'lucide-react'
import { useId, type ComponentProps, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { cn } from '@/lib/cn'
import { useAuthMessageText } from '../hooks/use-auth-message'
import type { AuthMessage } from '../model/auth-errors'

/** A form-level failure; announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-danger-500/30 bg-danger-500/10 px-3 py-2.5 text-sm text-red-100"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-danger-400" aria-hidden="true" />
      <span>{children}</span>
    </p>
  )
}

/** A form-level success note. */
export function FormNote({ children }: { children: ReactNode }) {
  return (
    <output className="flex items-start gap-2 rounded-lg border border-signal-400/30 bg-signal-400/10 px-3 py-2.5 text-sm text-emerald-100">
      <CircleCheck className="mt-0.5 size-4 shrink-0 text-signal-400" aria-hidden="true" />
      <span>{children}</span>
    </output>
  )
}

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'inputMode'>

/** The e-mail address each e-mail form starts with: focus starts on it when its view opens. */
export function EmailField(props: EmailFieldProps) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} data-autofocus="" />
}

interface FormSubmitProps {
  /** The form-level failure, shown above the button while set. */
  error: AuthMessage | null
  /** Shown between the failure and the button (e.g. a success note). */
  note?: ReactNode
  busy: boolean
  label: string
  /** The button's label while the request runs; the button is disabled meanwhile. */
  busyLabel: string
}

/** The end of a form: its failure if any, then the full-width submit button. */
export function FormSubmit({ error, note, busy, label, busyLabel }: FormSubmitProps) {
  const messageText = useAuthMessageText()
  return (
    <>
      {error && <FormAlert>{messageText(error)}</FormAlert>}
      {note}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  )
}

export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="focus-ring -ml-1 mb-4 inline-flex cursor-pointer items-center gap-1.5 rounded-md px-1 py-0.5 text-sm text-zinc-400 hover:text-white"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </button>
  )
}

interface OptionButtonProps {
  icon: LucideIcon
  title: string
  hint: string
  onClick: () => void
  disabled?: boolean
  autoFocusTarget?: boolean
  tone?: 'brand' | 'neutral'
}

/** A large choice (login method): its title is the name, its hint the description. */
export function OptionButton({
  icon: Icon,
  title,
  hint,
  onClick,
  disabled,
  autoFocusTarget,
  tone = 'neutral',
}: OptionButtonProps) {
  const id = useId()
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      data-autofocus={autoFocusTarget ? '' : undefined}
      className={cn(
        'focus-ring flex w-full cursor-pointer items-center gap-3 rounded-xl border p-4 text-left transition-colors',
        'disabled:cursor-not-allowed disabled:opacity-50',
        tone === 'brand'
          ? 'border-brand-500/40 bg-brand-500/[0.08] hover:border-brand-500/70 hover:bg-brand-500/[0.14]'
          : 'border-white/[0.08] bg-white/[0.03] hover:border-white/20 hover:bg-white/[0.06]',
      )}
    >
      <span
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-lg',
          tone === 'brand' ? 'bg-brand-500/15 text-brand-400' : 'bg-white/[0.06] text-zinc-300',
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0">
        <span id={`${id}-title`} className="block font-semibold text-white">
          {title}
        </span>
        <span id={`${id}-hint`} className="block text-xs text-zinc-400">
          {hint}
        </span>
      </span>
    </button>
  )
}

/** A text link that acts inside the dialog (switches views). */
export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="focus-ring cursor-pointer rounded text-sm font-medium text-brand-300 underline-offset-4 hover:text-brand-200 hover:underline"
    >
      {children}
    </button>
  )
}
