// The admin list of a server and the user's past teammates (spec 001 §7).
import { apiClient } from '@/lib/api-client'
import type { AdminDto } from '../model/admins'
import { adminsAnswerSchema, teammatesAnswerSchema, type AdminsAnswer, type Teammate } from './scrim-schemas'

const adminsPath = (serverId: string) => `/api/scrim/server/${encodeURIComponent(serverId)}/admins`

/** GET …/admins: the admins and whether the caller owns the server. */
export function fetchAdmins(serverId: string, signal?: AbortSignal): Promise<AdminsAnswer> {
  return apiClient.get(adminsPath(serverId), { schema: adminsAnswerSchema, signal })
}

/** PUT …/admins (owner): the whole list. */
export async function saveAdmins(serverId: string, admins: AdminDto[]): Promise<void> {
  await apiClient.put(adminsPath(serverId), { admins })
}

/** GET …/past-teammates: people the user played with, to add as admins. */
export async function fetchPastTeammates(serverId: string, signal?: AbortSignal): Promise<Teammate[]> {
  const answer = await apiClient.get(`/api/scrim/server/${encodeURIComponent(serverId)}/past-teammates`, {
    schema: teammatesAnswerSchema,
    signal,
  })
  return answer.teammates
}
