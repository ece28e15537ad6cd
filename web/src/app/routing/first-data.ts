// A first visit's data, asked for by the entry (main.tsx) at the same time as /api/config and the
// page's chunk, instead of after both: the page's own hooks then find the request under way, or its
// answer, in the query cache under the same key, and render from it without asking again (issue 17:
// the largest paint of /servers, /leaderboard and /pracc is this data). Each request is the page
// hook's own query options (same API client, key, fetch and error handling); nothing is shown from
// here, and a failure is left in the cache for the page, whose query retries it on mount and shows
// the failure as it always does.
import type { QueryClient } from '@tanstack/react-query'
import { commandsOptions } from '@/features/content/api/commands-api'
import { faqsOptions } from '@/features/faq/api/faq-api'
import { boardListOptions, seasonsOptions, topPlayersOptions } from '@/features/leaderboard/api/leaderboard-queries'
import { DEFAULT_MODE } from '@/features/leaderboard/model/modes'
import { parseSeasonParam, resolveScope, type SeasonScope } from '@/features/leaderboard/model/season-scope'
import { fullServerListOptions } from '@/features/servers/api/servers-api'
import { privilegesOptions } from '@/features/vip/api/vip-api'
import type { Language } from '@/lib/constants'

/** Where the visit starts, and what the page's hooks will read when it renders. */
export interface FirstVisit {
  pathname: string
  search: string
  language: Language
  /** Whether the desktop layout applies (the leaderboard's top five shows only there). */
  desktop: boolean
}

/**
 * The board the leaderboard page opens with: mode dm, no group filter, the season from ?season= or
 * else the newest season (all-time when there is none or the list failed), as its hooks resolve it.
 */
async function prefetchBoard(queryClient: QueryClient, search: string, desktop: boolean): Promise<void> {
  const requested = parseSeasonParam(new URLSearchParams(search).get('season'))
  const seasons = queryClient.fetchQuery(seasonsOptions()).catch(() => [])
  const scope: SeasonScope = requested ?? resolveScope(null, await seasons, true) ?? 'all'
  const board = { mode: DEFAULT_MODE, scope, groups: [] }
  await Promise.all([
    queryClient.prefetchInfiniteQuery(boardListOptions(board)),
    desktop ? queryClient.prefetchQuery(topPlayersOptions(DEFAULT_MODE, scope)) : undefined,
  ])
}

/**
 * Starts the first data request of the page at `visit.pathname`, if it has one the page always makes
 * at once; returns when the requests have settled (callers need not wait: nothing here throws).
 */
export async function prefetchFirstData(queryClient: QueryClient, visit: FirstVisit): Promise<void> {
  const [, section = '', ...rest] = visit.pathname.split('/')
  const subpath = rest.join('/')
  switch (section) {
    case '':
    case 'servers':
      // The list itself; the details and rules pages under /servers/ ask for other things.
      if (subpath === '') await queryClient.prefetchQuery(fullServerListOptions())
      return
    case 'leaderboard':
      if (subpath === '') await prefetchBoard(queryClient, visit.search, visit.desktop)
      return
    case 'pracc':
      // The common commands beside the rental (the part a visitor sees without logging in).
      await queryClient.prefetchQuery(commandsOptions())
      return
    case 'vip':
      await queryClient.prefetchQuery(privilegesOptions(visit.language))
      return
    case 'faq':
      if (subpath === '') await queryClient.prefetchQuery(faqsOptions(visit.language))
      return
    default:
  }
}
