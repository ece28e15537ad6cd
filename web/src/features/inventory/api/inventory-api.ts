// The inventory calls, with the login token: the server acts only for the bearer's own account.
import { apiClient } from '@/lib/api-client'
import { inventoryTokenSchema, syncedUserSchema, type InventoryToken, type SyncedUser } from './inventory-schemas'

/** POST /api/database/im-update-user: refreshes the account's Steam name and avatar (spec 001 §7). */
export function syncSteamUser(steamId: string, signal?: AbortSignal): Promise<SyncedUser> {
  return apiClient.post('/api/database/im-update-user', { steamid: steamId }, { schema: syncedUserSchema, signal })
}

/** POST /api/auth/inventory/sign-in: the token the inventory site signs the player in with. */
export function inventorySignIn(steamId: string, signal?: AbortSignal): Promise<InventoryToken> {
  return apiClient.post('/api/auth/inventory/sign-in', { steamId }, { schema: inventoryTokenSchema, signal })
}
