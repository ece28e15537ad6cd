import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { BoardQuery } from '../api/leaderboard-api'
import type { LeaderboardMode } from '../model/modes'
import { boardListOptions, topPlayersOptions } from '../api/leaderboard-queries'

/**
 * Warms the newest season's top five and first page of the current mode when the season menu is
 * hovered (spec 001 §4), so choosing it shows at once. Nothing is shown from it now; a failure is
 * only logged. The board on screen is left alone: refetching it would blur it for nothing.
 */
export function useLatestSeasonPrefetch(mode: LeaderboardMode, latest: number | undefined, shown: BoardQuery | undefined) {
  const queryClient = useQueryClient()
  return useCallback(() => {
    if (latest === undefined) return
    if (shown && shown.mode === mode && shown.scope === latest && shown.groups.length === 0) return
    void queryClient.prefetchQuery(topPlayersOptions(mode, latest))
    void queryClient.prefetchInfiniteQuery(boardListOptions({ mode, scope: latest, groups: [] }))
  }, [queryClient, mode, latest, shown])
}
