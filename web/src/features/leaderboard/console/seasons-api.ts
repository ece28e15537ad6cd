// The console's seasons (docs/console.md "Content"): the list, and opening or closing a season per
// leaderboard mode. A season without a mode applies to every mode.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'

export const consoleSeasonSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  mode: z.catch(z.optional(z.nullable(z.string())), undefined),
  starts_at: z.catch(z.optional(z.nullable(z.number())), undefined),
  ends_at: z.catch(z.optional(z.nullable(z.number())), undefined),
})
export type ConsoleSeason = z.infer<typeof consoleSeasonSchema>

const seasonsAnswer = z.pipe(
  z.union([z.array(consoleSeasonSchema), z.looseObject({ items: z.array(consoleSeasonSchema) })]),
  z.transform((raw): ConsoleSeason[] => (Array.isArray(raw) ? raw : raw.items)),
)

export const seasonKeys = { all: ['console', 'seasons'] as const }

export function fetchSeasons(signal?: AbortSignal): Promise<ConsoleSeason[]> {
  return apiClient.get('/api/console/seasons', { schema: seasonsAnswer, signal })
}

export const openSeason = (mode: string, name: string, reason: string) =>
  apiClient.post(`/api/console/seasons/${encodeURIComponent(mode)}/open`, { name, reason })

export const closeSeason = (mode: string, reason: string) =>
  apiClient.post(`/api/console/seasons/${encodeURIComponent(mode)}/close`, { reason })

/** The seasons of `mode`, newest first: those named for it and those of every mode. */
export function seasonsOf(seasons: readonly ConsoleSeason[], mode: string): ConsoleSeason[] {
  return seasons
    .filter((season) => !season.mode || season.mode === mode)
    .sort((a, b) => (b.starts_at ?? 0) - (a.starts_at ?? 0) || b.id - a.id)
}

export const isOpen = (season: ConsoleSeason) => season.ends_at === null || season.ends_at === undefined
