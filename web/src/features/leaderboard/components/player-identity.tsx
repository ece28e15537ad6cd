import { useTranslation } from 'react-i18next'
import type { LeaderboardPlayer } from '../model/player'
import { GroupBadges, PlayerAvatar, ProfileLink } from './player-parts'

/** Avatar, name (opens the details), group badge and the profile link of a list entry. */
export function PlayerIdentity({ player, onOpen }: { player: LeaderboardPlayer; onOpen: (player: LeaderboardPlayer) => void }) {
  const { t } = useTranslation('leaderboard')
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <PlayerAvatar url={player.avatarUrl} />
      <button
        type="button"
        aria-label={t('player.details', { name: player.nickname })}
        aria-haspopup="dialog"
        onClick={() => onOpen(player)}
        className="focus-ring min-w-0 cursor-pointer truncate rounded text-left font-semibold text-zinc-100 hover:text-brand-300 hover:underline"
      >
        {player.nickname}
      </button>
      <GroupBadges groups={player.usergroup} />
      <ProfileLink steamid={player.steamid} name={player.nickname} />
    </div>
  )
}
