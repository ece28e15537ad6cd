import { useQuery } from '@tanstack/react-query'
import { logged } from '@/lib/logged'
import { praccKeys } from '../api/pracc-keys'
import { fetchAvailableRegions } from '../api/regions-api'

/** Where servers of the tier can run now; asked again each time a dialog that shows it opens. */
export function useAvailableRegions(relocatable: boolean) {
  return useQuery({
    queryKey: praccKeys.regions(relocatable),
    queryFn: ({ signal }) => logged('Failed to fetch regions', fetchAvailableRegions(relocatable, signal)),
    staleTime: 0,
    refetchOnMount: 'always',
  })
}
