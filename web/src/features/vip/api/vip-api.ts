// The VIP page's calls, through the one API client. Both are public: no token is sent.
import { apiClient } from '@/lib/api-client'
import type { Language } from '@/lib/constants'
import { vipStatusSchema, type VipStatus } from '@/lib/vip-status'
import type { Privilege } from '../model/privilege-access'
import { privilegeListSchema, type PrivilegeDto } from './privilege-schemas'

export function toPrivilege({ id, content, detail, order, normal, vip, pro, kol, op }: PrivilegeDto): Privilege {
  return { id, content, detail, order, flags: { normal, vip, pro, kol, op } }
}

/** GET /api/privileges?language=: the privileges in the page's language. */
export async function fetchPrivileges(language: Language, signal?: AbortSignal): Promise<Privilege[]> {
  const answer = await apiClient.get('/api/privileges', {
    query: { language },
    schema: privilegeListSchema,
    token: 'none',
    signal,
  })
  return answer.map(toPrivilege)
}

/** GET /api/auth/vip-status/{steamId}: rejects on failure (the caller decides what that means). */
export function fetchVipStatus(steamId: string, signal?: AbortSignal): Promise<VipStatus> {
  return apiClient.get(`/api/auth/vip-status/${encodeURIComponent(steamId)}`, {
    schema: vipStatusSchema,
    token: 'none',
    signal,
  })
}

export const vipKeys = {
  privileges: (language: Language) => ['vip', 'privileges', language] as const,
}
