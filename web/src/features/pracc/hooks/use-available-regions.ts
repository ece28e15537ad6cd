import { useQuery } from '@tanstack/react-query'
import { logged } from '@/lib/logged'
import { praccKeys } from '../api/pracc-keys'
import { fetchAvailableRegions } from '../api/regions-api'

/** Where servers can run now; asked again each time a dialog that shows it opens. */
export function useAvailableRegions() {
  return useQuery({
    queryKey: praccKeys.regions,
    queryFn: ({ signal }) => logged('Failed to fetch regions', fetchAvailableRegions(signal)),
    staleTime: 0,
    refetchOnMount: 'always',
  })
}
