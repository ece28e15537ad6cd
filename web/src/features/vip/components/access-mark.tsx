import { Check, Circle, X, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import type { Access } from '../model/privilege-access'

const MARKS: Record<Access, { icon: LucideIcon; classes: string }> = {
  allowed: { icon: Check, classes: 'border-signal-400/30 bg-signal-400/10 text-signal-400' },
  optional: { icon: Circle, classes: 'border-brand-400/30 bg-brand-400/10 text-brand-400' },
  forbidden: { icon: X, classes: 'border-white/10 bg-white/[0.03] text-zinc-500' },
}

interface AccessMarkProps {
  access: Access
  /** Shows the word next to the symbol; otherwise only screen readers get it. */
  withLabel?: boolean
  className?: string
}

/** A check (allowed), circle (optional) or cross (forbidden), always with its word for screen readers. */
export function AccessMark({ access, withLabel = false, className }: AccessMarkProps) {
  const { t } = useTranslation('vip')
  const { icon: Icon, classes } = MARKS[access]
  return (
    <span data-access={access} className={cn('inline-flex items-center gap-2', className)}>
      <span aria-hidden="true" className={cn('grid size-6 shrink-0 place-items-center rounded-full border', classes)}>
        <Icon className={access === 'optional' ? 'size-2.5 fill-current' : 'size-3.5'} strokeWidth={3} />
      </span>
      <span className={withLabel ? 'text-sm text-zinc-200' : 'sr-only'}>{t(`access.${access}`)}</span>
    </span>
  )
}
