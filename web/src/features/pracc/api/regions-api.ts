// Where servers can run now, and moving a server there (spec 001 §7).
import { ApiError } from '@/lib/api-error'
import { apiClient } from '@/lib/api-client'
import type { RegionEntry } from '../model/regions'
import { outcomeSchema, regionsAnswerSchema } from './scrim-schemas'

/** An answer of 200 with success false, turned into an error with the server's text. */
const REFUSED = 'REQUEST_REFUSED'

/**
 * GET /api/scrim/available-regions?relocatable=0|1: which regions can take a server of the tier now
 * (basic servers stay in one region, premium ones may move; their capacity differs).
 */
export async function fetchAvailableRegions(relocatable: boolean, signal?: AbortSignal): Promise<RegionEntry[]> {
  const answer = await apiClient.get('/api/scrim/available-regions', {
    query: { relocatable: relocatable ? 1 : 0 },
    schema: regionsAnswerSchema,
    signal,
  })
  if (!answer.success) throw new ApiError(200, REFUSED, answer.error ?? 'Failed to fetch regions')
  return answer.regions
}

/** POST /api/scrim/server/{id}/switch-region (owner, relocatable servers, 2 a day). */
export async function switchServerRegion(serverId: string, targetRegion: string): Promise<void> {
  const answer = await apiClient.post(
    `/api/scrim/server/${encodeURIComponent(serverId)}/switch-region`,
    { targetRegion },
    { schema: outcomeSchema },
  )
  // A 204 has no body: nothing refused.
  if (answer?.success === false) throw new ApiError(200, REFUSED, answer.error ?? 'Failed to switch region')
}
