import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { useLanguage } from '@/lib/use-language'
import { formatRank } from '../model/format'
import { DETAIL_DERIVED, DETAIL_TOTALS, type LeaderboardMode } from '../model/modes'
import type { LeaderboardPlayer } from '../model/player'
import { GroupBadges, PlayerAvatar, ProfileLink } from './player-parts'
import { StatList } from './stat-list'

interface PlayerDetailDialogProps {
  player: LeaderboardPlayer | null
  mode: LeaderboardMode
  onClose: () => void
}

/** Everything about one player on the current board (spec 001 §2.9). */
export function PlayerDetailDialog({ player, mode, onClose }: PlayerDetailDialogProps) {
  const { t } = useTranslation('leaderboard')
  const language = useLanguage()
  return (
    <Dialog
      open={player !== null}
      onOpenChange={(open) => !open && onClose()}
      title={player?.nickname ?? ''}
      description={player ? t('detail.summary', { mode: t(`modes.${mode}`), rank: formatRank(player.rank, language) }) : undefined}
      size="lg"
    >
      {player && (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-4">
            <PlayerAvatar url={player.avatarUrl} className="size-16" />
            <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5">
              <GroupBadges groups={player.usergroup} />
              <span className="font-mono text-xs break-all text-zinc-500">{player.steamid}</span>
            </div>
            <div className="w-full sm:w-auto [&>a]:w-full">
              <ProfileLink steamid={player.steamid} name={player.nickname} withText />
            </div>
          </div>
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-zinc-300">{t('detail.derived')}</h3>
            <StatList counters={player} stats={DETAIL_DERIVED[mode]} mode={mode} className="grid-cols-2 sm:grid-cols-4" />
          </section>
          <section className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-zinc-300">{t('detail.totals')}</h3>
            <StatList counters={player} stats={DETAIL_TOTALS[mode]} mode={mode} className="grid-cols-2 sm:grid-cols-4" />
          </section>
        </div>
      )}
    </Dialog>
  )
}
