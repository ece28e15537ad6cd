import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '@/lib/constants'
import { formatNumber } from '@/lib/format'
import { useLanguage } from '@/lib/use-language'
import { formatStat } from '../model/format'
import { TABLE_COLUMNS, type LeaderboardMode } from '../model/modes'
import type { LeaderboardPlayer } from '../model/player'
import { PlayerIdentity } from './player-identity'
import { StatLabel } from './player-parts'

interface LeaderboardTableProps {
  players: readonly LeaderboardPlayer[]
  mode: LeaderboardMode
  onOpen: (player: LeaderboardPlayer) => void
}

/** The desktop list: rank, player, then the mode's stat columns. */
export function LeaderboardTable({ players, mode, onOpen }: LeaderboardTableProps) {
  const { t } = useTranslation('leaderboard')
  const language = useLanguage()
  const columns = TABLE_COLUMNS[mode]
  return (
    <div className="overflow-x-auto rounded-2xl border border-white/[0.07] bg-ink-850/80">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('list.caption')}</caption>
        <thead className="bg-ink-800/95 text-xs font-semibold tracking-wide text-zinc-400">
          <tr className="h-11 border-b border-white/[0.07]">
            <th scope="col" className="w-16 px-4">
              {t('columns.rank')}
            </th>
            <th scope="col" className="px-2">
              {t('columns.player')}
            </th>
            {columns.map((stat) => (
              <th key={stat} scope="col" className="px-3 text-right whitespace-nowrap">
                <StatLabel stat={stat} mode={mode} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((player) => (
            <TableRow key={player.steamid} player={player} mode={mode} language={language} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

interface TableRowProps {
  player: LeaderboardPlayer
  mode: LeaderboardMode
  language: Language
  onOpen: (player: LeaderboardPlayer) => void
}

// Memoised: appending a page must not re-render the rows already shown.
const TableRow = memo(function TableRow({ player, mode, language, onOpen }: TableRowProps) {
  return (
    <tr className="h-14 border-b border-white/[0.04] transition-colors hover:bg-white/[0.03]">
      <td className="px-4 font-mono font-bold text-zinc-300 tabular-nums">{formatNumber(player.position, language)}</td>
      <td className="max-w-72 px-2">
        <PlayerIdentity player={player} onOpen={onOpen} />
      </td>
      {TABLE_COLUMNS[mode].map((stat) => (
        <td key={stat} data-stat={stat} className="px-3 text-right font-mono whitespace-nowrap text-zinc-200 tabular-nums">
          {formatStat(player, stat, mode, language)}
        </td>
      ))}
    </tr>
  )
})
