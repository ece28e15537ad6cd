import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { REGION_FILTERS, type RegionFilter } from '../model/regions'

/** All / China / Asia / Europe / America (spec 001 §4): toggle buttons, one pressed. */
export function RegionFilterTabs({ value, onChange }: { value: RegionFilter; onChange: (filter: RegionFilter) => void }) {
  const { t } = useTranslation('pracc-servers')
  return (
    <fieldset className="flex flex-wrap gap-1.5">
      <legend className="sr-only">{t('regionFilters.label')}</legend>
      {REGION_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
          className={cn(
            'focus-ring h-8 cursor-pointer rounded-full border px-3 text-xs font-semibold transition-colors',
            value === filter
              ? 'border-brand-500/60 bg-brand-500/15 text-brand-200'
              : 'border-white/10 bg-white/[0.03] text-zinc-300 hover:bg-white/[0.07]',
          )}
        >
          {t(`regionFilters.${filter}`)}
        </button>
      ))}
    </fieldset>
  )
}
