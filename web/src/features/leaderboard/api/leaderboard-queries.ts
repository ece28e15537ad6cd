// The boards' queries, shared by the page's hooks and the first load's early requests
// (app/routing/first-data.ts): one key and one fetch per board, wherever it starts.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { logged } from '@/lib/logged'
import type { LeaderboardMode } from '../model/modes'
import type { SeasonScope } from '../model/season-scope'
import { fetchLeaderboardPage, fetchSeasons, fetchTopPlayers, leaderboardKeys, type BoardQuery } from './leaderboard-api'

const SEASONS_STALE_MS = 5 * 60 * 1000

/** The seasons, newest first. */
export function seasonsOptions() {
  return queryOptions({
    queryKey: leaderboardKeys.seasons,
    queryFn: ({ signal }) => logged('Failed to fetch leaderboard seasons', fetchSeasons(signal)),
    staleTime: SEASONS_STALE_MS,
  })
}

export function topPlayersOptions(mode: LeaderboardMode, scope: SeasonScope) {
  return queryOptions({
    queryKey: leaderboardKeys.top(mode, scope),
    queryFn: ({ signal }) => logged('Failed to fetch the top players', fetchTopPlayers(mode, scope, signal)),
  })
}

export function boardListOptions(board: BoardQuery) {
  return infiniteQueryOptions({
    queryKey: leaderboardKeys.list(board),
    queryFn: ({ pageParam, signal }) =>
      logged('Failed to fetch the leaderboard', fetchLeaderboardPage(board, pageParam, signal)),
    initialPageParam: 1,
    // The next page only while the last one is below the total (spec 001 §4).
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  })
}
