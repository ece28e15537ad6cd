import { useQuery } from '@tanstack/react-query'
import { useSessionUser } from '@/lib/session'
import { fetchVipType, serverKeys } from '../api/servers-api'

/**
 * The logged-in user's VIP status type, fetched each time `active` turns on (the quick-join modal
 * opens) and only while someone is logged in; without a session, or on any failure, 'none'.
 */
export function useVipType(active: boolean): { type: string; pending: boolean } {
  const user = useSessionUser()
  const steamId = active && user ? user.steamId : ''
  const query = useQuery({
    queryKey: serverKeys.vip(steamId),
    queryFn: ({ signal }) => fetchVipType(steamId, signal),
    enabled: active && steamId !== '',
    staleTime: 0,
  })
  return { type: query.data ?? 'none', pending: query.isFetching }
}
