import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { GROUP_FILTERS, type GroupFilter } from '../model/groups'
import { LEADERBOARD_MODES, type LeaderboardMode } from '../model/modes'
import { segmentClasses } from './segment-classes'

export function ModeSwitch({ mode, onChange }: { mode: LeaderboardMode; onChange: (mode: LeaderboardMode) => void }) {
  const { t } = useTranslation('leaderboard')
  return (
    <fieldset className="flex flex-wrap gap-1 rounded-xl border border-white/10 bg-ink-900/60 p-1">
      <legend className="sr-only">{t('modes.label')}</legend>
      {LEADERBOARD_MODES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={mode === value}
          onClick={() => onChange(value)}
          className={segmentClasses(mode === value, 'flex-1 sm:flex-none')}
        >
          {t(`modes.${value}`)}
        </button>
      ))}
    </fieldset>
  )
}

/** PRO, KOL and OP, each on or off, several at once. */
export function GroupFilterToggles({
  active,
  onToggle,
}: {
  active: readonly GroupFilter[]
  onToggle: (group: GroupFilter) => void
}) {
  const { t } = useTranslation('leaderboard')
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('groups.label')}</legend>
      {GROUP_FILTERS.map((group) => {
        const on = active.includes(group)
        return (
          <button
            key={group}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(group)}
            className={cn(
              'focus-ring h-8 cursor-pointer rounded-full border px-3.5 text-xs font-bold tracking-wide transition-colors',
              on
                ? 'border-brand-500/60 bg-brand-500 text-ink-950'
                : 'border-white/10 bg-white/[0.03] text-zinc-300 hover:border-white/20 hover:bg-white/[0.07] hover:text-white',
            )}
          >
            {t(`groups.${group}`)}
          </button>
        )
      })}
    </fieldset>
  )
}
