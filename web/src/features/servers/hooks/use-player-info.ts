import { useQuery } from '@tanstack/react-query'
import { PLAYER_CACHE_MS } from '@/lib/constants'
import { fetchServerInfo, serverKeys } from '../api/servers-api'
import type { PlayerEntry, ServerInfo } from '../api/server-schemas'

/** Seconds played, with a missing or unreadable time counting as none. */
const played = (player: PlayerEntry) => {
  const time = player.raw?.time
  return time !== undefined && Number.isFinite(time) && time > 0 ? time : 0
}

/** The players, longest on the server first (a stable sort: equal times keep the server's order). */
function byTimePlayed(info: ServerInfo): PlayerEntry[] {
  return [...info.players.list].sort((a, b) => played(b) - played(a))
}

/** The players of one server, longest played first; cached per ip:port for 5 minutes (a manual refresh clears the cache). */
export function usePlayerInfo(ip: string, port: number) {
  return useQuery({
    queryKey: serverKeys.info(`${ip}:${port}`),
    queryFn: ({ signal }) => fetchServerInfo(ip, port, signal),
    staleTime: PLAYER_CACHE_MS,
    gcTime: PLAYER_CACHE_MS,
    select: byTimePlayed,
  })
}
