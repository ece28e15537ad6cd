// The VIP page's own call, through the one API client; public: no token is sent. The account's VIP
// status comes from lib/memberships.
import { apiClient } from '@/lib/api-client'
import type { Language } from '@/lib/constants'
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

export const vipKeys = {
  privileges: (language: Language) => ['vip', 'privileges', language] as const,
}
