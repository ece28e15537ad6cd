import { RotateCcw, Search, X } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { MenuPill, MultiSelect } from '@/components/ui/multi-select'
import { Switch } from '@/components/ui/switch'
import { cn } from '@/lib/cn'
import type { ServerFilters } from '../model/filters'
import { inRegionGroup, REGION_GROUPS, type RegionGroup } from '../model/regions'
import { SERVER_MODES } from '../model/server-model'
import { modeLabel, regionLabel } from './server-labels'

interface ServerFiltersBarProps {
  filters: ServerFilters
  onChange: (patch: Partial<ServerFilters>) => void
  onReset: () => void
  maps: string[]
  regions: string[]
  /** Mode pills on desktop, a mode dropdown below 1024 px. */
  desktop: boolean
}

function triggerText(selected: string[], all: string, label: (value: string) => string, count: string) {
  if (selected.length === 0) return all
  return selected.length === 1 ? label(selected[0]) : count
}

export function ServerFiltersBar({ filters, onChange, onReset, maps, regions, desktop }: ServerFiltersBarProps) {
  const { t } = useTranslation('servers')
  const [group, setGroup] = useState<RegionGroup>('all')
  const region = (code: string) => regionLabel(t, code)
  const mode = (value: string) => modeLabel(t, value)
  const regionItems = useMemo(
    () => regions.filter((code) => inRegionGroup(code, group)).map((code) => ({ value: code, label: regionLabel(t, code) })),
    [regions, group, t],
  )
  const toggleMode = (value: string) =>
    onChange({ modes: filters.modes.includes(value) ? filters.modes.filter((m) => m !== value) : [...filters.modes, value] })

  return (
    <section aria-label={t('filters.label')} className="flex flex-col gap-4 rounded-2xl border border-white/[0.07] bg-ink-850/80 p-4 sm:p-5">
      {desktop && (
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t('filters.modes')}</legend>
          <Pill selected={filters.modes.length === 0} onClick={() => onChange({ modes: [] })}>
            {t('filters.allModes')}
          </Pill>
          {SERVER_MODES.map((value) => (
            <Pill key={value} selected={filters.modes.includes(value)} onClick={() => toggleMode(value)}>
              {mode(value)}
            </Pill>
          ))}
        </fieldset>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <div className={cn('relative col-span-2', desktop && 'lg:col-span-1')}>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500" aria-hidden="true" />
          <input
            type="search"
            value={filters.search}
            onChange={(event) => onChange({ search: event.target.value })}
            aria-label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            maxLength={64}
            className="focus-ring h-10 w-full rounded-lg border border-white/10 bg-ink-900 pr-10 pl-9 text-sm text-zinc-100 placeholder:text-zinc-500 hover:border-white/20 [&::-webkit-search-cancel-button]:hidden"
          />
          {filters.search && (
            <button
              type="button"
              onClick={() => onChange({ search: '' })}
              aria-label={t('filters.clearSearch')}
              className="focus-ring absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-md text-zinc-400 hover:bg-white/[0.06] hover:text-white"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        {!desktop && (
          <MultiSelect
            className="col-span-2"
            label={t('filters.modes')}
            trigger={triggerText(filters.modes, t('filters.allModes'), mode, t('filters.selected', { count: filters.modes.length }))}
            items={SERVER_MODES.map((value) => ({ value, label: mode(value) }))}
            values={filters.modes}
            onValuesChange={(modes) => onChange({ modes })}
            emptyText={t('filters.noOptions')}
            clearLabel={t('filters.clearSelection')}
          />
        )}
        <MultiSelect
          label={t('filters.maps')}
          trigger={triggerText(filters.maps, t('filters.allMaps'), (m) => m, t('filters.selected', { count: filters.maps.length }))}
          items={maps.map((value) => ({ value, label: value }))}
          values={filters.maps}
          onValuesChange={(next) => onChange({ maps: next })}
          emptyText={t('filters.noOptions')}
          clearLabel={t('filters.clearSelection')}
        />
        <MultiSelect
          label={t('filters.regions')}
          trigger={triggerText(filters.regions, t('filters.allRegions'), region, t('filters.selected', { count: filters.regions.length }))}
          items={regionItems}
          values={filters.regions}
          onValuesChange={(next) => onChange({ regions: next })}
          emptyText={t('filters.noOptions')}
          clearLabel={t('filters.clearSelection')}
          align="end"
          header={
            <fieldset className="flex flex-wrap gap-1">
              <legend className="sr-only">{t('regionGroups.label')}</legend>
              {REGION_GROUPS.map((value) => (
                <MenuPill key={value} selected={group === value} onSelect={() => setGroup(value)}>
                  {t(`regionGroups.${value}`)}
                </MenuPill>
              ))}
            </fieldset>
          }
        />
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <Switch label={t('filters.hideFull')} checked={filters.hideFull} onCheckedChange={(hideFull) => onChange({ hideFull })} className="gap-3" />
        <Switch label={t('filters.hideEmpty')} checked={filters.hideEmpty} onCheckedChange={(hideEmpty) => onChange({ hideEmpty })} className="gap-3" />
        <Switch
          label={t('filters.hideOffline')}
          checked={filters.hideOffline}
          onCheckedChange={(hideOffline) => onChange({ hideOffline })}
          className="gap-3"
        />
        <Button variant="ghost" size="sm" onClick={onReset} className="ml-auto">
          <RotateCcw aria-hidden="true" />
          {t('filters.reset')}
        </Button>
      </div>
    </section>
  )
}

function Pill({ selected, onClick, children }: { selected: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        'focus-ring h-8 cursor-pointer rounded-full border px-3.5 text-xs font-semibold transition-colors',
        selected
          ? 'border-brand-500/60 bg-brand-500 text-ink-950'
          : 'border-white/10 bg-white/[0.03] text-zinc-300 hover:border-white/20 hover:bg-white/[0.07] hover:text-white',
      )}
    >
      {children}
    </button>
  )
}
