import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { choiceClasses } from '@/components/payments/choice-classes'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { useAvailableRegions } from '../hooks/use-available-regions'
import type { RegionMode } from '../model/rental'
import { RegionOption } from './region-option'

interface RegionModePickerProps {
  mode: RegionMode | null
  onModeChange: (mode: RegionMode) => void
  region: string | null
  onRegionChange: (region: string) => void
}

const MODES: RegionMode[] = ['fixed', 'flexible']

/**
 * The middle column of the new-server dialog (spec 001 §2.3): the region mode first (fixed or
 * flexible), then a 4-column grid of regions; an unavailable region cannot be picked, nor any region
 * before a mode is chosen.
 */
export function RegionModePicker({ mode, onModeChange, region, onRegionChange }: RegionModePickerProps) {
  const { t } = useTranslation('pracc-servers')
  // Before a mode is chosen the basic tier's regions are shown (and cannot be picked yet).
  const regions = useAvailableRegions(mode === 'flexible')
  const modeName = useId()
  const regionName = useId()
  const hintId = useId()
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-200">{t('newServer.regionMode')}</legend>
        {MODES.map((option) => (
          <label key={option} className={cn(choiceClasses(mode === option), 'flex-wrap gap-y-0.5')}>
            <input
              type="radio"
              name={modeName}
              value={option}
              checked={mode === option}
              onChange={() => onModeChange(option)}
              className="size-4 shrink-0 accent-brand-500"
            />
            <span className="font-semibold">{t(`newServer.${option}`)}</span>
            <span className="basis-full pl-6.5 text-xs text-zinc-400">{t(`newServer.${option}Body`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset disabled={mode === null} aria-describedby={mode === null ? hintId : undefined} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-200">{t('newServer.region')}</legend>
        {mode === null && (
          <p id={hintId} className="text-xs text-amber-200/90">
            {t('newServer.chooseModeFirst')}
          </p>
        )}
        {regions.isPending ? (
          <output className="flex items-center gap-2 text-sm text-zinc-400">
            <Spinner className="size-4" />
            {t('regionPicker.loading')}
          </output>
        ) : regions.isError ? (
          <p role="alert" className="text-sm text-red-300">
            {t('regionPicker.fetchError')}
          </p>
        ) : regions.data.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('regionPicker.empty')}</p>
        ) : (
          <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-4 md:grid-cols-2 lg:grid-cols-4" data-testid="region-grid">
            {regions.data.map((entry) => (
              <RegionOption
                key={entry.region}
                entry={entry}
                name={regionName}
                checked={region === entry.region}
                disabled={mode === null || !entry.available}
                onChange={() => onRegionChange(entry.region)}
              />
            ))}
          </div>
        )}
      </fieldset>
    </div>
  )
}
