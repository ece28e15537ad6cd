// The leaderboard's first request (see first-data.ts), in a chunk of its own: only a visit that starts
// on /leaderboard downloads it.
import type { QueryClient } from '@tanstack/react-query'
import { boardListOptions, seasonsOptions, topPlayersOptions } from '@/features/leaderboard/api/leaderboard-queries'
import { DEFAULT_MODE } from '@/features/leaderboard/model/modes'
import { parseSeasonParam, resolveScope, type SeasonScope } from '@/features/leaderboard/model/season-scope'
import type { FirstVisit } from './first-data'

/**
 * The board the leaderboard page opens with: mode dm, no group filter, the season from ?season= or
 * else the newest season (all-time when there is none or the list failed), as its hooks resolve it.
 */
export async function prefetchBoard(queryClient: QueryClient, { search, desktop }: FirstVisit): Promise<void> {
  const requested = parseSeasonParam(new URLSearchParams(search).get('season'))
  const seasons = queryClient.fetchQuery(seasonsOptions()).catch(() => [])
  const scope: SeasonScope = requested ?? resolveScope(null, await seasons, true) ?? 'all'
  const board = { mode: DEFAULT_MODE, scope, groups: [] }
  await Promise.all([
    queryClient.prefetchInfiniteQuery(boardListOptions(board)),
    desktop ? queryClient.prefetchQuery(topPlayersOptions(DEFAULT_MODE, scope)) : undefined,
  ])
}
