import { hashKey, useInfiniteQuery, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { BoardQuery } from '../api/leaderboard-api'
import { boardListOptions, topPlayersOptions } from '../api/leaderboard-queries'
import type { LeaderboardMode } from '../model/modes'
import type { LeaderboardPlayer } from '../model/player'
import type { SeasonScope } from '../model/season-scope'

const NO_PLAYERS: LeaderboardPlayer[] = []

/** The first five of the board (the desktop top block). */
export function useTopPlayers(mode: LeaderboardMode, scope: SeasonScope | undefined, enabled: boolean) {
  const query = useQuery({
    ...topPlayersOptions(mode, scope ?? 'all'),
    enabled: enabled && scope !== undefined,
  })
  return { players: query.data ?? NO_PLAYERS, loading: query.isLoading }
}

/**
 * The board list, page by page (`board` must keep its identity while unchanged). A change of mode, season or filter is a new list: it starts at
 * page 1 with nothing shown, and the list left behind is dropped from the cache so coming back to
 * it starts over too (spec 001 §4: every such change resets to page 1 and clears the list).
 */
export function useBoardList(board: BoardQuery | undefined) {
  const queryClient = useQueryClient()
  const options = useMemo(() => boardListOptions(board ?? { mode: 'dm', scope: 'all', groups: [] }), [board])
  const query = useInfiniteQuery({ ...options, enabled: board !== undefined })
  const listId = hashKey(options.queryKey)

  const shown = useRef<QueryKey>(options.queryKey)
  useEffect(() => {
    // Runs after the query hook has moved to the new key, so the old list has no observer left.
    if (hashKey(shown.current) !== hashKey(options.queryKey)) {
      queryClient.removeQueries({ queryKey: shown.current, exact: true })
    }
    shown.current = options.queryKey
  }, [options, queryClient])

  const players = useMemo(() => query.data?.pages.flatMap((page) => page.players) ?? NO_PLAYERS, [query.data])
  const { fetchNextPage, hasNextPage, isFetching } = query
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])

  return {
    listId,
    players,
    loading: board === undefined || query.isLoading,
    loadingMore: query.isFetchingNextPage,
    hasMore: hasNextPage,
    /** Another page exists and nothing is loading. */
    canLoadMore: hasNextPage && !isFetching,
    loadMore,
    /** Grows with every failed fetch of this list. */
    failures: query.errorUpdateCount,
  }
}
