// Shapes of the inventory sign-in calls (the API contract).
import * as z from 'zod/mini'

/** POST /api/database/im-update-user: the account's refreshed Steam profile. */
export const syncedUserSchema = z.object({
  steamId: z.string(),
  username: z.catch(z.string(), ''),
  avatar: z.catch(z.string(), ''),
  syncedAt: z.catch(z.string(), ''),
})
export type SyncedUser = z.infer<typeof syncedUserSchema>

/** POST /api/auth/inventory/sign-in: a short-lived token for the inventory site. */
export const inventoryTokenSchema = z.object({
  token: z.string().check(z.minLength(1)),
  expiresIn: z.catch(z.number(), 60),
})
export type InventoryToken = z.infer<typeof inventoryTokenSchema>
