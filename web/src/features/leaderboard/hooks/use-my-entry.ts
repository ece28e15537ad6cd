import { useQuery } from '@tanstack/react-query'
import { fetchUserEntries, leaderboardKeys } from '../api/leaderboard-api'
import type { LeaderboardMode } from '../model/modes'
import type { SeasonScope } from '../model/season-scope'
import { logged } from '@/lib/logged'

/**
 * The logged-in player's entry on the current board, or null when they have none. A failed call is
 * only logged and reads as no entry (spec 001 §7: a non-OK answer is ignored).
 */
export function useMyEntry(steamId: string | undefined, mode: LeaderboardMode, scope: SeasonScope | undefined) {
  const query = useQuery({
    queryKey: leaderboardKeys.user(steamId ?? '', scope ?? 'all'),
    queryFn: ({ signal }) =>
      logged('Failed to fetch your leaderboard stats', fetchUserEntries(steamId ?? '', scope ?? 'all', signal)),
    enabled: Boolean(steamId) && scope !== undefined,
  })
  return {
    entry: query.data?.find((entry) => entry.mode === mode) ?? null,
    // Until the season is known the call has not been made yet: that is loading, not "no stats".
    loading: query.isLoading || (Boolean(steamId) && scope === undefined),
  }
}
