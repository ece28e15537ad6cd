import { Star } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import type { RegionEntry } from '../model/regions'
import { useRegionLabel } from './use-region-label'

interface RegionOptionProps {
  entry: RegionEntry
  name: string
  checked: boolean
  disabled: boolean
  /** Marks the server's current region. */
  current?: boolean
  onChange: () => void
}

/** One region as a radio card: a green dot when available, grey when not, a star when recommended. */
export function RegionOption({ entry, name, checked, disabled, current = false, onChange }: RegionOptionProps) {
  const { t } = useTranslation('pracc-servers')
  const regionLabel = useRegionLabel()
  const descriptionId = useId()
  const states = [
    entry.available ? t('regionPicker.available') : t('regionPicker.unavailable'),
    entry.recommended ? t('regionPicker.recommended') : null,
    current ? t('regionPicker.current') : null,
  ].filter(Boolean)
  return (
    <>
      <label
        data-region={entry.region}
        title={regionLabel(entry.region)}
        className={cn(
          'flex min-h-10 items-center gap-1 rounded-lg border px-1.5 py-1.5 text-xs transition-colors',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400',
          checked ? 'border-brand-500/60 bg-brand-500/10 text-white' : 'border-white/10 bg-white/[0.03] text-zinc-200',
          disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:border-white/20 hover:bg-white/[0.06]',
        )}
      >
        <input
          type="radio"
          name={name}
          value={entry.region}
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          aria-describedby={descriptionId}
          className="sr-only"
        />
        <span
          aria-hidden="true"
          data-testid="region-dot"
          className={cn('size-2 shrink-0 rounded-full', entry.available ? 'bg-emerald-400' : 'bg-zinc-500')}
        />
        <span className="min-w-0 flex-1 truncate">{regionLabel(entry.region)}</span>
        {entry.recommended && <Star className="size-3 shrink-0 fill-amber-300 text-amber-300" aria-hidden="true" />}
        {current && <span aria-hidden="true" className="shrink-0 text-[10px] font-semibold text-brand-300 uppercase">{t('regionPicker.current')}</span>}
      </label>
      <span id={descriptionId} hidden>
        {states.join(', ')}
      </span>
    </>
  )
}
