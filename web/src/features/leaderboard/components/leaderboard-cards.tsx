import { memo, useDeferredValue } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '@/lib/constants'
import { formatNumber } from '@/lib/format'
import { useLanguage } from '@/lib/use-language'
import { MOBILE_COLUMNS, type LeaderboardMode } from '../model/modes'
import type { LeaderboardPlayer } from '../model/player'
import { PlayerIdentity } from './player-identity'
import { hasMedal } from '../model/medals'
import { RankMedal } from './player-parts'
import { StatList } from './stat-list'

interface LeaderboardCardsProps {
  players: readonly LeaderboardPlayer[]
  mode: LeaderboardMode
  onOpen: (player: LeaderboardPlayer) => void
}

/** More cards than a phone's screen holds: what the list shows in the render that brings a page. */
const FIRST_CARDS = 12

/**
 * A card off the screen is not laid out or painted until it comes near; 118 px is its height until
 * it has been drawn. The layout of 50 cards was Lighthouse's longest task on this page (bench/
 * RESULTS.md section 2). A style, not classes: the rule would add to every page's first-load CSS.
 */
const OFF_SCREEN = { contentVisibility: 'auto', containIntrinsicSize: 'auto 118px' } as const

/**
 * The mobile list: one card per player, medals for the first three, the mode's short stat set. When
 * players arrive, the cards already shown plus enough to fill a screen render at once; the rest of
 * the page follows in a background render that yields to the browser (issue 17: 50 cards in one
 * task delayed the first paint of the board).
 */
export function LeaderboardCards({ players, mode, onOpen }: LeaderboardCardsProps) {
  const { t } = useTranslation('leaderboard')
  const language = useLanguage()
  const settled = useDeferredValue(players)
  const shown = settled === players ? players : players.slice(0, Math.max(settled.length, FIRST_CARDS))
  return (
    <ol aria-label={t('list.caption')} className="flex flex-col gap-2">
      {shown.map((player) => (
        <PlayerCard key={player.steamid} player={player} mode={mode} language={language} onOpen={onOpen} />
      ))}
    </ol>
  )
}

interface PlayerCardProps {
  player: LeaderboardPlayer
  mode: LeaderboardMode
  language: Language
  onOpen: (player: LeaderboardPlayer) => void
}

const PlayerCard = memo(function PlayerCard({ player, mode, language, onOpen }: PlayerCardProps) {
  const rank = formatNumber(player.position, language)
  return (
    <li className="flex flex-col gap-2.5 rounded-2xl border border-white/[0.07] bg-ink-850/80 p-3" style={OFF_SCREEN}>
      <div className="flex min-w-0 items-center gap-2.5">
        <span className="grid w-8 shrink-0 place-items-center font-mono font-bold text-zinc-300 tabular-nums">
          {hasMedal(player.position) ? <RankMedal position={player.position} /> : rank}
        </span>
        <div className="min-w-0 flex-1">
          <PlayerIdentity player={player} onOpen={onOpen} />
        </div>
      </div>
      <StatList counters={player} stats={MOBILE_COLUMNS[mode]} mode={mode} size="sm" className="grid-cols-3" />
    </li>
  )
})
