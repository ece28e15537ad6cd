// The one owner of an account's memberships on the web (VIP and the pro, kol and op groups):
// GET /api/auth/vip-status/{steamId}, its schema, its query, and the window event that announces a
// change (emitted after the VIP payment dialog closes, spec 000 §4.7). The header badge and quick
// join read it through `useVipStatus`, the VIP page refreshes and announces it through
// `useAnnounceVipStatus` (./use-vip-status), and `VipStatusSync` keeps the cache current.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiClient } from '../api-client'
import { isCancelled } from '../api-error'

export const VIP_STATUS_CHANGED_EVENT = 'vipStatusChanged'

/** How long a fetched status is shown without asking again. */
export const VIP_STATUS_STALE_MS = 5 * 60_000

const dateOrNull = z.catch(z.nullish(z.string()), null)

// The answer also carries vipExpireDate and groups; the web shows only type and expireDate
// (spec 000 §3: other fields are not shown).
export const vipStatusSchema = z.object({
  steamId: z.catch(z.optional(z.string()), undefined),
  type: z.catch(z.string(), 'none'),
  expireDate: dateOrNull,
})
export type VipStatus = z.infer<typeof vipStatusSchema>

export const NO_VIP_STATUS: VipStatus = { type: 'none', expireDate: null }

/** A blank type is no tier. */
export function normalizeVipStatus(status: VipStatus): VipStatus {
  return status.type ? status : { ...status, type: 'none' }
}

/**
 * GET /api/auth/vip-status/{steamId} (public: no token is sent). Any failure is logged and reads as
 * no tier (spec 000 §8: a VIP status failure is treated as 'none'); only a cancellation rejects.
 */
export async function fetchVipStatus(steamId: string, signal?: AbortSignal): Promise<VipStatus> {
  try {
    const status = await apiClient.get(`/api/auth/vip-status/${encodeURIComponent(steamId)}`, {
      schema: vipStatusSchema,
      token: 'none',
      signal,
    })
    return normalizeVipStatus(status)
  } catch (error) {
    if (isCancelled(error)) throw error
    console.warn('Failed to fetch VIP status', error)
    return NO_VIP_STATUS
  }
}

export const vipStatusKeys = {
  all: ['memberships', 'vip-status'] as const,
  status: (steamId: string) => ['memberships', 'vip-status', steamId] as const,
}

/** The one query of `steamId`'s status: one key per account, one staleTime. */
export function vipStatusOptions(steamId: string) {
  return queryOptions({
    queryKey: vipStatusKeys.status(steamId),
    queryFn: ({ signal }) => fetchVipStatus(steamId, signal),
    staleTime: VIP_STATUS_STALE_MS,
  })
}

/**
 * Asks for `steamId`'s status afresh, whatever the cache holds, and caches the answer; a request
 * already under way for it is joined rather than repeated.
 */
export function refetchVipStatus(queryClient: QueryClient, steamId: string): Promise<VipStatus> {
  return queryClient.fetchQuery({ ...vipStatusOptions(steamId), staleTime: 0 })
}

/** Announces a new VIP status to whoever shows it (every reader of `useVipStatus`). */
export function emitVipStatusChanged(status: VipStatus): void {
  window.dispatchEvent(new CustomEvent(VIP_STATUS_CHANGED_EVENT, { detail: status }))
}

/**
 * Spec 000 §4.7, after the VIP payment dialog closes: fetches `steamId`'s status afresh, then
 * announces it with the vipStatusChanged event. A failure announces no tier.
 */
export async function announceVipStatus(queryClient: QueryClient, steamId: string): Promise<VipStatus> {
  let status: VipStatus
  try {
    status = await refetchVipStatus(queryClient, steamId)
  } catch {
    // Only a cancelled request lands here (a failed one already reads as no tier).
    status = NO_VIP_STATUS
  }
  const fresh = { ...status, steamId: status.steamId ?? steamId }
  emitVipStatusChanged(fresh)
  return fresh
}
