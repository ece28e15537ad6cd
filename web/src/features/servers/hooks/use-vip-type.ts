import { useQuery } from '@tanstack/react-query'
import { storage } from '@/lib/storage'
import { fetchVipType, serverKeys } from '../api/servers-api'

/**
 * The stored user's VIP status type, fetched each time `active` turns on (the quick-join modal
 * opens) and only when a user with an id is stored; without one, or on any failure, 'none'.
 */
export function useVipType(active: boolean): { type: string; pending: boolean } {
  const user = active ? storage.user.get() : null
  const steamId = user?.id !== undefined && user.id !== '' ? user.steamId : ''
  const query = useQuery({
    queryKey: serverKeys.vip(steamId),
    queryFn: ({ signal }) => fetchVipType(steamId, signal),
    enabled: active && steamId !== '',
    staleTime: 0,
  })
  return { type: query.data ?? 'none', pending: query.isFetching }
}
