// A first visit's data, asked for by the entry (main.tsx) at the same time as /api/config and the
// page's chunk, instead of after both: the page's own hooks then find the request under way, or its
// answer, in the query cache under the same key, and render from it without asking again (issue 17:
// the largest paint of /servers, /leaderboard and /pracc is this data). Each request is the page
// hook's own query options (same API client, key, fetch and error handling); nothing is shown from
// here, and a failure is left in the cache for the page, whose query retries it on mount and shows
// the failure as it always does.
//
// The server list's request is in the entry (the home page is the list). The other pages' requests
// come in small chunks of their own, imported here beside the page's chunk, so that a route does not
// download the code of the others' first requests (1.8 KB gzip in the entry, issue 17); their request
// starts when that chunk has arrived, still before the configuration and the page.
import type { QueryClient } from '@tanstack/react-query'
import { announcementOptions } from '@/features/announcement/api/announcement-api'
import { fullServerListOptions } from '@/features/servers/api/servers-api'
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
 * A page's request code; null when its chunk cannot be loaded (then nothing starts early, and the
 * page asks for its data itself).
 */
async function load<T>(chunk: () => Promise<T>): Promise<T | null> {
  try {
    return await chunk()
  } catch {
    return null
  }
}

/**
 * Starts the first data request of the page at `visit.pathname`, if it has one the page always makes
 * at once; returns when the requests have settled (callers need not wait: nothing here throws).
 */
export async function prefetchFirstData(queryClient: QueryClient, visit: FirstVisit): Promise<void> {
  // The header's announcement, on every page (its ticker otherwise shows the default text first).
  const announcement = queryClient.prefetchQuery(announcementOptions(visit.language))
  await Promise.all([announcement, prefetchPageData(queryClient, visit)])
}

async function prefetchPageData(queryClient: QueryClient, visit: FirstVisit): Promise<void> {
  const [, section = '', ...rest] = visit.pathname.split('/')
  const subpath = rest.join('/')
  switch (section) {
    case '':
    case 'servers':
      // The list itself; the details and rules pages under /servers/ ask for other things.
      if (subpath === '') await queryClient.prefetchQuery(fullServerListOptions())
      return
    case 'leaderboard':
      if (subpath === '') await (await load(() => import('./first-data-leaderboard')))?.prefetchBoard(queryClient, visit)
      return
    case 'pracc': {
      // The common commands beside the rental (the part a visitor sees without logging in).
      const api = await load(() => import('@/features/content/api/commands-api'))
      if (api) await queryClient.prefetchQuery(api.commandsOptions())
      return
    }
    case 'vip': {
      const api = await load(() => import('@/features/vip/api/vip-api'))
      if (api) await queryClient.prefetchQuery(api.privilegesOptions(visit.language))
      return
    }
    case 'faq': {
      const api = subpath === '' ? await load(() => import('@/features/faq/api/faq-api')) : null
      if (api) await queryClient.prefetchQuery(api.faqsOptions(visit.language))
      return
    }
    default:
  }
}
