import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClasses, type ButtonSize, type ButtonVariant } from '@/components/ui/button-classes'
import { Tooltip } from '@/components/ui/tooltip'
import { cn } from '@/lib/cn'
import { useHoldToConfirm } from '../hooks/use-hold-to-confirm'

interface HoldButtonProps {
  children: ReactNode
  onConfirm: () => void
  /** Shown but not usable (aria-disabled keeps it focusable, so its tooltip can say why). */
  disabled?: boolean
  /** A tooltip: what the button does, or why it cannot be used now. */
  hint?: string
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
}

/**
 * A button that acts only after it is held for 2 s (spec 001 §9), by pointer or by Space/Enter; the
 * fill shows how far the hold has come, and letting go early cancels.
 */
export function HoldButton({
  children,
  onConfirm,
  disabled = false,
  hint,
  variant = 'secondary',
  size = 'sm',
  className,
}: HoldButtonProps) {
  const { t } = useTranslation('pracc-servers')
  const { progress, holding, handlers } = useHoldToConfirm({ onConfirm, disabled })
  const hintId = useId()
  const button = (
    <button
      type="button"
      aria-disabled={disabled || undefined}
      aria-describedby={hintId}
      data-progress={Math.round(progress * 100)}
      className={cn(
        buttonClasses(variant, size, className),
        'relative touch-none overflow-hidden select-none',
        disabled && 'cursor-not-allowed opacity-50',
      )}
      {...handlers}
    >
      <span
        aria-hidden="true"
        data-testid="hold-progress"
        className="absolute inset-y-0 left-0 bg-brand-500/35"
        style={{ width: `${progress * 100}%` }}
      />
      <span className="relative inline-flex items-center gap-1.5">{children}</span>
    </button>
  )
  return (
    <>
      {hint ? <Tooltip content={hint}>{button}</Tooltip> : button}
      <span id={hintId} className="sr-only">
        {t('actions.holdHint')}
      </span>
      <span className="sr-only" aria-live="polite">
        {holding ? t('actions.holding') : ''}
      </span>
    </>
  )
}
