import { CalendarRange, ChevronDown } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { ALL_TIME, type SeasonOption, type SeasonScope } from '../model/season-scope'
import { SEASON_MENU_MAX_HEIGHT_PX } from '../model/limits'
import { segmentClasses } from './segment-classes'

/** Lets the pointer cross from the trigger to the menu without it closing. */
const HOVER_CLOSE_DELAY_MS = 150

interface ScopeSwitchProps {
  scope: SeasonScope | undefined
  seasons: readonly SeasonOption[]
  onAllTime: () => void
  onSeason: (id: number) => void
  /** The season button was pressed while all-time was on. */
  onSeasonType: () => void
  /** The pointer entered the season menu (its trigger or list). */
  onMenuHover: () => void
}

/**
 * All-time or a season (spec 001 §2.9). The season list opens on hover, on click and with the
 * keyboard (Enter, Space or ArrowDown on its button); Escape or leaving it closes it.
 *
 * A disclosure rather than the shared Radix Dropdown: that menu opens on press and moves focus into
 * itself, which a list that opens merely because the pointer passed over it must not do.
 */
export function ScopeSwitch({ scope, seasons, onAllTime, onSeason, onSeasonType, onMenuHover }: ScopeSwitchProps) {
  const { t } = useTranslation('leaderboard')
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const trigger = useRef<HTMLButtonElement>(null)
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(closeTimer.current), [])

  const seasonChosen = typeof scope === 'number'
  const seasonName = (id: number) => seasons.find((season) => season.id === id)?.name || t('scope.unknownSeason', { id })
  const show = () => {
    clearTimeout(closeTimer.current)
    setOpen(true)
  }

  const onPointerEnter = (event: PointerEvent) => {
    onMenuHover()
    // Touch has no hover: its tap arrives as a click, which toggles.
    if (event.pointerType === 'mouse') show()
  }
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return
    clearTimeout(closeTimer.current)
    closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS)
  }
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      setOpen(false)
      trigger.current?.focus()
    } else if (event.key === 'ArrowDown' && event.target === trigger.current) {
      event.preventDefault()
      show()
    }
  }
  const onTriggerClick = () => {
    if (!seasonChosen) {
      onSeasonType()
      show()
    } else {
      setOpen((current) => !current)
    }
  }

  return (
    <fieldset className="inline-flex rounded-xl border border-white/10 bg-ink-900/60 p-1">
      <legend className="sr-only">{t('scope.label')}</legend>
      <button type="button" aria-pressed={scope === ALL_TIME} onClick={onAllTime} className={segmentClasses(scope === ALL_TIME)}>
        {t('scope.allTime')}
      </button>
      {/* Hover and focus leaving are tracked for the button and its list together. */}
      <div className="relative" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onBlur={onBlur}>
        <button
          ref={trigger}
          type="button"
          aria-pressed={seasonChosen}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={onTriggerClick}
          onKeyDown={onKeyDown}
          className={segmentClasses(seasonChosen, 'group gap-1.5')}
        >
          <CalendarRange aria-hidden="true" className="size-4" />
          <span className="max-w-40 truncate">{seasonChosen ? seasonName(scope) : t('scope.season')}</span>
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
        <div id={menuId} hidden={!open} className="absolute top-full left-0 z-30 min-w-52 pt-1">
          <div
            style={{ maxHeight: SEASON_MENU_MAX_HEIGHT_PX }}
            className="animate-pop-in overflow-y-auto overscroll-contain rounded-xl border border-white/10 bg-ink-800 p-1 shadow-xl shadow-black/50"
          >
            {seasons.length === 0 ? (
              <p className="px-3 py-2 text-sm text-zinc-400">{t('scope.noSeasons')}</p>
            ) : (
              <ul aria-label={t('scope.seasonList')} className="flex flex-col">
                {seasons.map((season) => {
                  const selected = scope === season.id
                  return (
                    <li key={season.id}>
                      <button
                        type="button"
                        aria-current={selected ? 'true' : undefined}
                        onKeyDown={onKeyDown}
                        onClick={() => {
                          onSeason(season.id)
                          setOpen(false)
                          trigger.current?.focus()
                        }}
                        className={cn(
                          'focus-ring flex w-full cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm',
                          selected ? 'text-brand-300' : 'text-zinc-200 hover:bg-white/[0.07] hover:text-white',
                        )}
                      >
                        <span className="truncate">{seasonName(season.id)}</span>
                        {season.current && (
                          <span className="shrink-0 rounded bg-signal-400/15 px-1.5 py-0.5 text-[0.65rem] font-semibold text-signal-400">
                            {t('scope.current')}
                          </span>
                        )}
                      </button>
                    </li>
                  )
                })}
              </ul>
            )}
          </div>
        </div>
      </div>
    </fieldset>
  )
}
