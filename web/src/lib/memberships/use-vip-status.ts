import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { announceVipStatus, refetchVipStatus, vipStatusOptions, type VipStatus } from './vip-status'

interface UseVipStatusOptions {
  /**
   * Ask afresh whenever the hook gets a steamId (quick join asks each time its modal opens, spec
   * 000 §4.6); otherwise a status fetched within the stale time is reused.
   */
  refetchOnStart?: boolean
}

/**
 * The VIP status of `steamId` (null or undefined: nobody to ask about, and no request): null until
 * it is known. Every reader of one account shares one query, so one request; the vipStatusChanged
 * event and logins and logouts update it (`VipStatusSync`).
 */
export function useVipStatus(
  steamId: string | null | undefined,
  { refetchOnStart = false }: UseVipStatusOptions = {},
): VipStatus | null {
  const queryClient = useQueryClient()
  const query = useQuery({ ...vipStatusOptions(steamId ?? ''), enabled: Boolean(steamId) })

  useEffect(() => {
    // Joins the request the query has just started, if any.
    if (refetchOnStart && steamId) refetchVipStatus(queryClient, steamId).catch(() => {})
  }, [refetchOnStart, steamId, queryClient])

  return steamId ? (query.data ?? null) : null
}

/** Spec 000 §4.7: fetches an account's status afresh and announces it (after the VIP payment dialog closes). */
export function useAnnounceVipStatus(): (steamId: string) => Promise<VipStatus> {
  const queryClient = useQueryClient()
  return useCallback((steamId: string) => announceVipStatus(queryClient, steamId), [queryClient])
}
