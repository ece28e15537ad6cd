import { useQuery } from '@tanstack/react-query'
import { logged } from '@/lib/logged'
import { endInvalidSession } from '@/lib/session'
import { praccKeys } from '../api/pracc-keys'
import { fetchUserServers } from '../api/server-list-api'
import type { RentedServer } from '../model/rented-server'
import { listFailure } from '../model/server-errors'
import { isTransitional } from '../model/server-status'

/** While a server is being created, switched, checked or updated, the list is asked again this often. */
export const BUSY_SERVER_REFRESH_MS = 15_000

async function loadServers(signal: AbortSignal): Promise<RentedServer[]> {
  try {
    return await logged('Failed to fetch server list', fetchUserServers(signal))
  } catch (error) {
    // Spec 001 §8: a refused login ends the session here (the token goes, the shell says the login
    // expired). The api client does so already for 401 INVALID_TOKEN; this covers any other 401
    // and errors that speak of the token.
    if (listFailure(error) === 'tokenExpired') endInvalidSession()
    throw error
  }
}

/** The logged-in user's servers (none asked for without a login). */
export function useUserServers(steamId: string | null) {
  return useQuery({
    queryKey: praccKeys.userServers(steamId ?? ''),
    queryFn: ({ signal }) => loadServers(signal),
    enabled: steamId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((server) => isTransitional(server.status)) ? BUSY_SERVER_REFRESH_MS : false,
  })
}
