import { Check, Copy } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { COPY_FEEDBACK_MS } from '@/lib/constants'
import { Button } from './button'
import type { ButtonSize, ButtonVariant } from './button-classes'

interface CopyButtonProps {
  text: string
  /** Visible label; also the accessible name before copying. */
  label: string
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
  /** Show only the icon; the label (and feedback) stay as the accessible name. */
  iconOnly?: boolean
}

type CopyState = 'idle' | 'copied' | 'failed'

/** Copies `text` to the clipboard and says so for 2 s. */
export function CopyButton({
  text,
  label,
  variant = 'secondary',
  size = 'sm',
  className,
  iconOnly = false,
}: CopyButtonProps) {
  const { t } = useTranslation('common')
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    let next: CopyState = 'copied'
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      next = 'failed'
    }
    setState(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS)
  }

  const feedback = state === 'copied' ? t('actions.copied') : state === 'failed' ? t('actions.copyFailed') : ''
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={copy}
        title={iconOnly ? feedback || label : undefined}
      >
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {iconOnly ? <span className="sr-only">{feedback || label}</span> : feedback || label}
      </Button>
      <output className="sr-only">{feedback}</output>
    </>
  )
}
