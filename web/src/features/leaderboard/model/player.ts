// A board entry as the screens use it.
import type { PlayerCounters } from './stats'

export interface LeaderboardPlayer extends PlayerCounters {
  steamid: string
  nickname: string
  avatarUrl: string | null
  usergroup: string[]
  rank: number | string | null
  /** The number shown in the list's rank column. */
  position: number
}

/** The player's page on the game platform. */
export function profileUrl(steamid: string): string {
  return `https://steamcommunity.com/profiles/${encodeURIComponent(steamid)}`
}
