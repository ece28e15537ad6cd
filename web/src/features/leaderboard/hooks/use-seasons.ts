import { useQuery } from '@tanstack/react-query'
import { seasonsOptions } from '../api/leaderboard-queries'
import type { SeasonOption } from '../model/season-scope'

const NO_SEASONS: SeasonOption[] = []

/** The seasons, newest first; a failed fetch leaves the list empty. */
export function useSeasons() {
  const query = useQuery(seasonsOptions())
  return { seasons: query.data ?? NO_SEASONS, settled: query.isFetched }
}
