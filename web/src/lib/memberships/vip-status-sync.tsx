import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getSessionUser, subscribeSession } from '../session'
import { normalizeVipStatus, VIP_STATUS_CHANGED_EVENT, vipStatusKeys, vipStatusSchema } from './vip-status'

/**
 * Keeps the cached VIP statuses current for as long as the app runs; mounted once, inside the query
 * client and the session:
 * - a vipStatusChanged event that carries a status replaces the cached one of its account (the
 *   logged-in user's when it names none); an event without a usable status refetches them all;
 * - a login or logout drops every cached status, so whoever reads one next asks afresh.
 */
export function VipStatusSync() {
  const queryClient = useQueryClient()

  useEffect(() => {
    const onChange = (event: Event) => {
      const parsed = vipStatusSchema.safeParse((event as CustomEvent<unknown>).detail)
      if (!parsed.success) {
        void queryClient.invalidateQueries({ queryKey: vipStatusKeys.all })
        return
      }
      const steamId = parsed.data.steamId ?? getSessionUser()?.steamId
      if (steamId) queryClient.setQueryData(vipStatusKeys.status(steamId), normalizeVipStatus(parsed.data))
    }
    window.addEventListener(VIP_STATUS_CHANGED_EVENT, onChange)
    const stopWatchingSession = subscribeSession(() => queryClient.removeQueries({ queryKey: vipStatusKeys.all }))
    return () => {
      window.removeEventListener(VIP_STATUS_CHANGED_EVENT, onChange)
      stopWatchingSession()
    }
  }, [queryClient])

  return null
}
