// Small pieces every player view shares: avatar, group badge, profile link, medal, stat header.
import { ExternalLink, Medal } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClasses } from '@/components/ui/button-classes'
import { Tooltip } from '@/components/ui/tooltip'
import { cn } from '@/lib/cn'
import { playerGroups } from '../model/groups'
import { medalFor, type MedalKind } from '../model/medals'
import { isExplained, type LeaderboardMode, type StatKey } from '../model/modes'
import { profileUrl } from '../model/player'
import { TIER_STYLES } from '@/components/ui/tier-styles'

/** The site's logo stands in for a player without an avatar (spec 001 §3). */
const DEFAULT_AVATAR = `${import.meta.env.BASE_URL}favicon.svg`

export function PlayerAvatar({ url, className }: { url: string | null; className?: string }) {
  const [broken, setBroken] = useState(false)
  return (
    <img
      src={url && !broken ? url : DEFAULT_AVATAR}
      alt=""
      loading="lazy"
      onError={() => setBroken(true)}
      className={cn('size-9 shrink-0 rounded-full border border-white/10 bg-ink-700 object-cover', className)}
    />
  )
}

/** A badge for each of the player's groups (op, kol, pro, vip order), or nothing. */
export function GroupBadges({ groups, className }: { groups: readonly string[]; className?: string }) {
  const { t } = useTranslation('leaderboard')
  const shown = playerGroups(groups)
  if (shown.length === 0) return null
  return (
    <span data-testid="group-badges" className={cn('inline-flex shrink-0 flex-wrap items-center gap-1', className)}>
      {shown.map((group) => (
        <span
          key={group}
          data-testid="group-badge"
          className={cn(
            'inline-flex shrink-0 items-center rounded-md border px-1.5 py-0.5 text-[0.65rem] leading-none font-bold',
            TIER_STYLES[group],
          )}
        >
          {t(`groups.${group}`)}
        </span>
      ))}
    </span>
  )
}

/** Opens the player's Steam profile in a new tab; icon only unless `withText`. */
export function ProfileLink({ steamid, name, withText = false }: { steamid: string; name: string; withText?: boolean }) {
  const { t } = useTranslation('leaderboard')
  return (
    <a
      href={profileUrl(steamid)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('player.profile', { name })}
      title={withText ? undefined : t('player.profile', { name })}
      className={withText ? buttonClasses('secondary', 'md') : buttonClasses('ghost', 'sm', 'size-8 px-0')}
    >
      <ExternalLink aria-hidden="true" />
      {withText && t('player.profileButton')}
    </a>
  )
}

const MEDAL_COLOURS: Record<MedalKind, string> = {
  gold: 'text-amber-300',
  silver: 'text-zinc-300',
  bronze: 'text-orange-400',
}

/** A gold, silver or bronze medal for places 1-3; null for the others. */
export function RankMedal({ position, className }: { position: number; className?: string }) {
  const { t } = useTranslation('leaderboard')
  const medal = medalFor(position)
  if (!medal) return null
  return (
    <span data-testid={`medal-${medal}`} className="inline-flex">
      <Medal aria-hidden="true" className={cn('size-6', MEDAL_COLOURS[medal], className)} />
      <span className="sr-only">{t(`medals.${medal}`)}</span>
    </span>
  )
}

/** A column name; the harder ones explain themselves in a tooltip (700 ms on hover, at once on focus). */
export function StatLabel({ stat, mode }: { stat: StatKey; mode: LeaderboardMode }) {
  const { t } = useTranslation('leaderboard')
  const label = t(`columns.${stat}`)
  if (!isExplained(stat)) return label
  const hint = stat === 'winRate' && mode === 'solo' ? t('hints.winRateSolo') : t(`hints.${stat}`)
  return (
    <Tooltip content={hint}>
      <button
        type="button"
        className="focus-ring cursor-help rounded underline decoration-zinc-500 decoration-dotted underline-offset-4"
      >
        {label}
      </button>
    </Tooltip>
  )
}
