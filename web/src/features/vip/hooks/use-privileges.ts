import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { logged } from '@/lib/logged'
import { useLanguage } from '@/lib/use-language'
import { fetchPrivileges, vipKeys } from '../api/vip-api'
import { sortPrivileges, type Privilege } from '../model/privilege-access'

const NO_PRIVILEGES: Privilege[] = []
/** The backend lets caches keep the list for a minute. */
const PRIVILEGES_STALE_MS = 60_000

/** The privileges in the current language, sorted by order; empty while loading or after a failure. */
export function usePrivileges(): { privileges: Privilege[]; loading: boolean } {
  const language = useLanguage()
  const query = useQuery({
    queryKey: vipKeys.privileges(language),
    // Spec 000 §8: a privileges failure is only logged; the table stays empty.
    queryFn: ({ signal }) => logged('Failed to fetch privileges', fetchPrivileges(language, signal)),
    staleTime: PRIVILEGES_STALE_MS,
  })
  const privileges = useMemo(() => (query.data ? sortPrivileges(query.data) : NO_PRIVILEGES), [query.data])
  return { privileges, loading: query.isPending }
}
