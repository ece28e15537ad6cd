import { useQuery } from '@tanstack/react-query'
import { fetchSeasons, leaderboardKeys } from '../api/leaderboard-api'
import type { SeasonOption } from '../model/season-scope'
import { logged } from '@/lib/logged'

const NO_SEASONS: SeasonOption[] = []
const SEASONS_STALE_MS = 5 * 60 * 1000

/** The seasons, newest first; a failed fetch leaves the list empty. */
export function useSeasons() {
  const query = useQuery({
    queryKey: leaderboardKeys.seasons,
    queryFn: ({ signal }) => logged('Failed to fetch leaderboard seasons', fetchSeasons(signal)),
    staleTime: SEASONS_STALE_MS,
  })
  return { seasons: query.data ?? NO_SEASONS, settled: query.isFetched }
}
