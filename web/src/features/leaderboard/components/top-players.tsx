import { useTranslation } from 'react-i18next'
import { TOP_CARD_COLUMNS, type LeaderboardMode } from '../model/modes'
import type { LeaderboardPlayer } from '../model/player'
import { GroupBadges, PlayerAvatar, RankMedal } from './player-parts'
import { StatList } from './stat-list'

interface TopPlayersProps {
  players: readonly LeaderboardPlayer[]
  mode: LeaderboardMode
  onOpen: (player: LeaderboardPlayer) => void
}

/**
 * The first five of the board as cards (desktop only). The whole card opens the player's details:
 * the name button's hit area is stretched over it, so the stats stay a list rather than button text.
 */
export function TopPlayers({ players, mode, onOpen }: TopPlayersProps) {
  const { t } = useTranslation('leaderboard')
  if (players.length === 0) return null
  return (
    <section aria-label={t('top.label')}>
      <ol className="grid grid-cols-3 gap-3 xl:grid-cols-5">
        {players.map((player) => (
          <li
            key={player.steamid}
            className="group relative flex flex-col gap-3 rounded-2xl border border-white/[0.07] bg-gradient-to-b from-ink-800/90 to-ink-850/90 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400 hover:border-brand-500/40"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-lg font-extrabold text-zinc-300 tabular-nums">#{player.position}</span>
              <RankMedal position={player.position} />
            </div>
            <div className="flex min-w-0 flex-col items-center gap-2 text-center">
              <PlayerAvatar url={player.avatarUrl} className="size-14" />
              <button
                type="button"
                aria-label={t('player.details', { name: player.nickname })}
                aria-haspopup="dialog"
                onClick={() => onOpen(player)}
                className="w-full cursor-pointer truncate font-semibold text-white outline-none group-hover:text-brand-300 after:absolute after:inset-0 after:rounded-2xl"
              >
                {player.nickname}
              </button>
              <GroupBadges groups={player.usergroup} className="justify-center" />
            </div>
            <StatList counters={player} stats={TOP_CARD_COLUMNS[mode]} mode={mode} size="sm" className="grid-cols-1" />
          </li>
        ))}
      </ol>
    </section>
  )
}
