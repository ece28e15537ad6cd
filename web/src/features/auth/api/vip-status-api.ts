// The header's tier badge call, apart from the other account calls so the first page load does not
// carry them (they load with the login dialog).
import { apiClient } from '@/lib/api-client'
import { NO_VIP_STATUS, vipStatusSchema, type VipStatus } from '@/lib/vip-status'

/** Any failure reads as no tier (spec 000 §8: VIP status failure is treated as 'none'). */
export async function fetchVipStatus(steamId: string, signal?: AbortSignal): Promise<VipStatus> {
  try {
    return await apiClient.get(`/api/auth/vip-status/${encodeURIComponent(steamId)}`, {
      token: 'none',
      schema: vipStatusSchema,
      signal,
    })
  } catch {
    return NO_VIP_STATUS
  }
}

export const vipStatusKeys = {
  status: (steamId: string) => ['auth', 'vip', steamId] as const,
}
