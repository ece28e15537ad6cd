import { useQuery } from '@tanstack/react-query'
import { PLAYER_CACHE_MS } from '@/lib/constants'
import { fetchServerInfo, serverKeys } from '../api/servers-api'

/** The players of one server; cached per ip:port for 5 minutes (a manual refresh clears the cache). */
export function usePlayerInfo(ip: string, port: number) {
  return useQuery({
    queryKey: serverKeys.info(`${ip}:${port}`),
    queryFn: ({ signal }) => fetchServerInfo(ip, port, signal),
    staleTime: PLAYER_CACHE_MS,
    gcTime: PLAYER_CACHE_MS,
    select: (info) => info.players.list,
  })
}
