// GET /api/scrim/getUserServers: the servers the logged-in user owns or is an admin of.
import { apiClient } from '@/lib/api-client'
import { toRentedServer, type RentedServer } from '../model/rented-server'
import { serverListSchema } from './scrim-schemas'

export async function fetchUserServers(signal?: AbortSignal): Promise<RentedServer[]> {
  const answer = await apiClient.get('/api/scrim/getUserServers', { schema: serverListSchema, signal })
  return (Array.isArray(answer) ? answer : answer.data).map(toRentedServer)
}
