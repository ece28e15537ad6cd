// Quick join (spec 000 §4.6): four categories, and the server with the fewest sufficient free slots.
import { QUICK_JOIN_FREE_SLOTS } from '@/lib/constants'
import { freeSlots, isOnline, type ServerItem } from './server-model'

export const QUICK_JOIN_CATEGORIES = ['deathmatch', 'retakes', 'solo', 'public'] as const
export type QuickJoinCategory = (typeof QUICK_JOIN_CATEGORIES)[number]

export function inCategory(server: ServerItem, category: QuickJoinCategory): boolean {
  const mode = server.category.toLowerCase()
  switch (category) {
    case 'deathmatch':
      return mode.includes('deathmatch') || mode.includes('dm')
    case 'retakes':
      return mode.includes('retakes')
    case 'solo':
      return mode.includes('1v1')
    case 'public':
      return mode.includes('public')
  }
}

/** Free slots a user needs: 1 when the VIP status type is anything but 'none', else 4. */
export function requiredFreeSlots(vipType: string | null | undefined): number {
  return vipType && vipType !== 'none' ? QUICK_JOIN_FREE_SLOTS.member : QUICK_JOIN_FREE_SLOTS.nonMember
}

export type QuickJoinResult =
  | { ok: true; server: ServerItem }
  | { ok: false; error: 'noServers' | 'serverOffline' | 'failed' }

/**
 * Among the category's online servers with at least `required` free slots, those with the fewest
 * free slots; one of them at random. No online server → serverOffline; none with room → noServers.
 */
/** The category's servers quick join may choose: online, with at least `required` free slots. */
export function joinableServers(servers: readonly ServerItem[], category: QuickJoinCategory, required: number): ServerItem[] {
  return servers.filter((server) => inCategory(server, category) && isOnline(server) && freeSlots(server) >= required)
}

export function pickQuickJoinServer(
  servers: readonly ServerItem[],
  category: QuickJoinCategory,
  required: number,
  random: () => number = Math.random,
): QuickJoinResult {
  const inGroup = servers.filter((server) => inCategory(server, category))
  const online = inGroup.filter(isOnline)
  if (inGroup.length > 0 && online.length === 0) return { ok: false, error: 'serverOffline' }
  const sufficient = joinableServers(online, category, required)
  if (sufficient.length === 0) return { ok: false, error: 'noServers' }
  const fewest = Math.min(...sufficient.map(freeSlots))
  const best = sufficient.filter((server) => freeSlots(server) === fewest)
  const index = Math.min(best.length - 1, Math.floor(random() * best.length))
  return { ok: true, server: best[index] }
}
