// Test data for the server list: backend-shaped items and their client form.
import type { ServerItemDto } from '../api/server-schemas'
import { toServerItem, type ServerItem } from '../model/server-model'

let next = 1

/** A backend list item (as JSON) with sensible defaults; each call gets a new ip. */
export function serverJson(overrides: Partial<Record<keyof ServerItemDto, unknown>> = {}): Record<string, unknown> {
  const n = next++
  return {
    ip: `10.0.${Math.floor(n / 250)}.${n % 250}`,
    port: 27015,
    name: `Server ${n}`,
    name_display: '',
    players: '5/10',
    players_max: 10,
    category: 'deathmatch',
    map: 'de_dust2',
    region: 'ap-shanghai',
    open: 1,
    ontop: 0,
    star: 0,
    ...overrides,
  }
}

/** A client-side item for the pure functions. */
export function serverItem(overrides: Partial<ServerItemDto> = {}): ServerItem {
  return toServerItem(serverJson(overrides) as unknown as ServerItemDto)
}
