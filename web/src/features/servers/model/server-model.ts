// The server list item as the client works with it (spec 000 §3), plus the derived numbers the
// filters, sorting and quick join need, computed once per list.
import type { ServerItemDto } from '../api/server-schemas'

export const SERVER_MODES = [
  'competitive',
  'casual',
  'deathmatch',
  'training',
  'no-awp dm',
  'pistol dm',
  'solo 1v1',
  'retakes',
  'vip sub',
  'public',
] as const
export type ServerMode = (typeof SERVER_MODES)[number]

/** Translation key (under servers:modes) of each mode. */
export const MODE_KEYS = {
  competitive: 'competitive',
  casual: 'casual',
  deathmatch: 'deathmatch',
  training: 'training',
  'no-awp dm': 'noAwpDm',
  'pistol dm': 'pistolDm',
  'solo 1v1': 'solo1v1',
  retakes: 'retakes',
  'vip sub': 'vipSub',
  public: 'public',
} as const satisfies Record<ServerMode, string>

export function isServerMode(value: string): value is ServerMode {
  return (SERVER_MODES as readonly string[]).includes(value)
}

export interface ServerItem extends ServerItemDto {
  /** ip:port, the row id. */
  id: string
  /** name_display if non-blank, else name. */
  displayName: string
  /** displayName lower-cased, for the search. */
  searchName: string
  current: number
  /** The max part of the players text; null when it cannot be read. */
  textMax: number | null
  /** players_max when given, else the max part of the players text, else 0. */
  maxSlots: number
}

export function serverId(ip: string, port: number): string {
  return `${ip}:${port}`
}

/** Reads 'current/max'; a part that is not a number reads as 0 (current) or null (max). */
export function parsePlayers(text: string): { current: number; max: number | null } {
  const [currentText = '', maxText] = text.split('/')
  const current = Number.parseInt(currentText.trim(), 10)
  const max = maxText === undefined ? Number.NaN : Number.parseInt(maxText.trim(), 10)
  return { current: Number.isFinite(current) ? current : 0, max: Number.isFinite(max) ? max : null }
}

export function toServerItem(dto: ServerItemDto): ServerItem {
  const displayName = dto.name_display.trim() ? dto.name_display : dto.name
  const { current, max } = parsePlayers(dto.players)
  return {
    ...dto,
    players_max: dto.players_max ?? null,
    id: serverId(dto.ip, dto.port),
    displayName,
    searchName: displayName.toLowerCase(),
    current,
    textMax: max,
    maxSlots: dto.players_max ?? max ?? 0,
  }
}

/** Free slots: the max (players_max over the text) minus the current players. */
export function freeSlots(server: ServerItem): number {
  return server.maxSlots - server.current
}

export function isOnline(server: Pick<ServerItem, 'open'>): boolean {
  return server.open !== 0
}

/** The text the copy button puts on the clipboard. */
export function connectCommand(server: Pick<ServerItem, 'ip' | 'port'>): string {
  return `connect ${server.ip}:${server.port}`
}

/** The address the join button opens: the configured prefix (steam://connect/ by default) + ip:port. */
export function joinAddress(prefix: string, server: Pick<ServerItem, 'ip' | 'port'>): string {
  return `${prefix}${server.ip}:${server.port}`
}
