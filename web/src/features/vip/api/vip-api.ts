// The VIP page's own call, through the one API client; public: no token is sent. The account's VIP
// status comes from lib/memberships.
import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/api-client'
import type { Language } from '@/lib/constants'
import { logged } from '@/lib/logged'
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

/** The backend lets caches keep the list for a minute. */
const PRIVILEGES_STALE_MS = 60_000

/** The privileges in one language (the page's hook and the first load's early request). */
export function privilegesOptions(language: Language) {
  return queryOptions({
    queryKey: vipKeys.privileges(language),
    // Spec 000 §8: a privileges failure is only logged; the table stays empty.
    queryFn: ({ signal }) => logged('Failed to fetch privileges', fetchPrivileges(language, signal)),
    staleTime: PRIVILEGES_STALE_MS,
  })
}
