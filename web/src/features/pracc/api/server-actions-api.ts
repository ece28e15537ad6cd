// The card's actions on one server (spec 001 §7, and the portal's own verify and update).
import { apiClient } from '@/lib/api-client'

const serverPath = (serverId: string, action: string) => `/api/scrim/server/${encodeURIComponent(serverId)}/${action}`

/** POST /api/scrim/change-password (owner). */
export async function changeServerPassword(serverId: string, password: string): Promise<void> {
  await apiClient.post('/api/scrim/change-password', { instance_id: serverId, password })
}

/** POST /api/scrim/restart-server: fire and forget (the card locks itself for 40 s). */
export async function restartServer(serverId: string): Promise<void> {
  await apiClient.post('/api/scrim/restart-server', { instance_id: serverId })
}

/** POST /api/scrim/server/{id}/verify (owner): checks the game files, about 15 minutes (status VERIFYING). */
export async function verifyServerFiles(serverId: string): Promise<void> {
  await apiClient.post(serverPath(serverId, 'verify'))
}

/** POST /api/scrim/server/{id}/update (owner): updates the game (status UPDATING). */
export async function updateServerGame(serverId: string): Promise<void> {
  await apiClient.post(serverPath(serverId, 'update'))
}
