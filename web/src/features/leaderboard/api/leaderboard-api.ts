// The leaderboard calls, all through the one API client. The boards are public: no token is sent.
import { apiClient } from '@/lib/api-client'
import { usergroupParam, type GroupFilter } from '../model/groups'
import type { LeaderboardMode } from '../model/modes'
import type { LeaderboardPlayer } from '../model/player'
import { seasonQuery, type SeasonOption, type SeasonScope } from '../model/season-scope'
import {
  leaderboardPageSchema,
  seasonListSchema,
  topPlayersSchema,
  userEntriesSchema,
  type PlayerRecordDto,
} from './leaderboard-schemas'

export function toPlayer(dto: PlayerRecordDto): LeaderboardPlayer {
  const { avatar_url: avatarUrl, position, ...rest } = dto
  // Without a position (the top and user calls may omit it) the overall rank is the place.
  const fallback = typeof dto.rank === 'number' ? dto.rank : 0
  return { ...rest, rank: dto.rank ?? null, avatarUrl: avatarUrl || null, position: position ?? fallback }
}

const listOf = <T>(answer: T[] | { data: T[] }): T[] => (Array.isArray(answer) ? answer : answer.data)

/** GET /api/leaderboard/seasons: newest first. */
export function fetchSeasons(signal?: AbortSignal): Promise<SeasonOption[]> {
  return apiClient.get('/api/leaderboard/seasons', { schema: seasonListSchema, token: 'none', signal })
}

/** GET /api/leaderboard/{mode}/top: the first five of the board. */
export async function fetchTopPlayers(
  mode: LeaderboardMode,
  scope: SeasonScope,
  signal?: AbortSignal,
): Promise<LeaderboardPlayer[]> {
  const answer = await apiClient.get(`/api/leaderboard/${mode}/top`, {
    query: { season: seasonQuery(scope) },
    schema: topPlayersSchema,
    token: 'none',
    signal,
  })
  return listOf(answer).map(toPlayer)
}

export interface LeaderboardPage {
  players: LeaderboardPlayer[]
  page: number
  totalPages: number
  total: number
}

export interface BoardQuery {
  mode: LeaderboardMode
  scope: SeasonScope
  groups: readonly GroupFilter[]
}

/** GET /api/leaderboard/{mode}?page=n: one page (50 players) of the board, optionally one group's. */
export async function fetchLeaderboardPage(
  { mode, scope, groups }: BoardQuery,
  page: number,
  signal?: AbortSignal,
): Promise<LeaderboardPage> {
  const answer = await apiClient.get(`/api/leaderboard/${mode}`, {
    query: { page, usergroup: usergroupParam(groups), season: seasonQuery(scope) },
    schema: leaderboardPageSchema,
    token: 'none',
    signal,
  })
  return { players: answer.data.map(toPlayer), page: answer.page, totalPages: answer.totalPages, total: answer.total }
}

export interface UserEntry extends LeaderboardPlayer {
  mode: string
}

/** GET /api/leaderboard/user/{steamId}: the player's entry on every board they have stats on. */
export async function fetchUserEntries(steamId: string, scope: SeasonScope, signal?: AbortSignal): Promise<UserEntry[]> {
  const answer = await apiClient.get(`/api/leaderboard/user/${encodeURIComponent(steamId)}`, {
    query: { season: seasonQuery(scope) },
    schema: userEntriesSchema,
    token: 'none',
    signal,
  })
  return listOf(answer).map((entry) => ({ ...toPlayer(entry), mode: entry.mode }))
}

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  seasons: ['leaderboard', 'seasons'] as const,
  top: (mode: LeaderboardMode, scope: SeasonScope) => ['leaderboard', 'top', mode, scope] as const,
  list: ({ mode, scope, groups }: BoardQuery) => ['leaderboard', 'list', mode, scope, groups.join(',')] as const,
  user: (steamId: string, scope: SeasonScope) => ['leaderboard', 'user', steamId, scope] as const,
}
