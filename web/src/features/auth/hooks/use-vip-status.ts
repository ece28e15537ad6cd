import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { VIP_STATUS_CHANGED_EVENT, vipStatusSchema, type VipStatus } from '@/lib/vip-status'
import { fetchVipStatus, vipStatusKeys } from '../api/vip-status-api'

/**
 * The VIP status shown in the header for `steamId` (null: nobody logged in). A `vipStatusChanged`
 * event replaces it with the event's status, or refetches when the event carries none.
 */
export function useVipStatus(steamId: string | null): VipStatus | null {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: vipStatusKeys.status(steamId ?? ''),
    queryFn: ({ signal }) => fetchVipStatus(steamId ?? '', signal),
    enabled: Boolean(steamId),
    staleTime: 5 * 60_000,
  })

  useEffect(() => {
    if (!steamId) return
    const key = vipStatusKeys.status(steamId)
    const onChange = (event: Event) => {
      const parsed = vipStatusSchema.safeParse((event as CustomEvent<unknown>).detail)
      if (!parsed.success) {
        void queryClient.invalidateQueries({ queryKey: key })
        return
      }
      // A status for another account (e.g. a gift) is not ours to show.
      if (parsed.data.steamId && parsed.data.steamId !== steamId) return
      queryClient.setQueryData(key, parsed.data)
    }
    window.addEventListener(VIP_STATUS_CHANGED_EVENT, onChange)
    return () => window.removeEventListener(VIP_STATUS_CHANGED_EVENT, onChange)
  }, [steamId, queryClient])

  return steamId ? (query.data ?? null) : null
}
