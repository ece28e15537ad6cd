import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useLanguage } from '@/lib/use-language'
import { privilegesOptions } from '../api/vip-api'
import { sortPrivileges, type Privilege } from '../model/privilege-access'

const NO_PRIVILEGES: Privilege[] = []

/** The privileges in the current language, sorted by order; empty while loading or after a failure. */
export function usePrivileges(): { privileges: Privilege[]; loading: boolean } {
  const language = useLanguage()
  const query = useQuery(privilegesOptions(language))
  const privileges = useMemo(() => (query.data ? sortPrivileges(query.data) : NO_PRIVILEGES), [query.data])
  return { privileges, loading: query.isPending }
}
