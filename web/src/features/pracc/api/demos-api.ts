// A server's demo recordings and their download links (spec 001 §7).
import { ApiError } from '@/lib/api-error'
import { apiClient } from '@/lib/api-client'
import { demoDownloadSchema, demosAnswerSchema, type Demo } from './scrim-schemas'

const demosPath = (serverId: string) => `/api/scrim/server/${encodeURIComponent(serverId)}/demos`

/** GET …/demos: sorted by name, newest (largest name) first. */
export async function fetchDemos(serverId: string, signal?: AbortSignal): Promise<Demo[]> {
  const answer = await apiClient.get(demosPath(serverId), { schema: demosAnswerSchema, signal })
  return [...answer.data.demos].sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0))
}

/** The code of a download answer without a link (spec 001 §8: also a download error). */
export const NO_DOWNLOAD_URL = 'DEMO_DOWNLOAD_URL_MISSING'

/** GET …/demos/{name}/download: a link to fetch the file from. */
export async function fetchDemoDownloadUrl(serverId: string, name: string, signal?: AbortSignal): Promise<string> {
  const answer = await apiClient.get(`${demosPath(serverId)}/${encodeURIComponent(name)}/download`, {
    schema: demoDownloadSchema,
    signal,
  })
  const url = answer.data?.download_url
  if (!answer.success || !url) throw new ApiError(200, NO_DOWNLOAD_URL, answer.error ?? 'Download failed')
  return url
}
