// Shapes of the leaderboard calls (spec 001 §7 and the API contract). The spec allows the top and
// user calls to answer either a bare list or an object with the list in data: both are read.
import * as z from 'zod/mini'

/** A counter; a missing or unreadable one counts as 0 (the spec's default for play time). */
const counter = z.catch(z.coerce.number(), 0)

export const playerRecordSchema = z.object({
  steamid: z.string(),
  nickname: z.catch(z.string(), ''),
  avatar_url: z.catch(z.nullish(z.string()), null),
  usergroup: z.catch(z.array(z.string()), []),
  /** Null until the player is ranked; text such as "1000+" is kept as sent. */
  rank: z.catch(z.nullish(z.union([z.number(), z.string()])), null),
  /** Place in this list: the rank without a group filter, 1.. within one. */
  position: z.catch(z.optional(z.number()), undefined),
  kills: counter,
  deaths: counter,
  headshots: counter,
  playtime: counter,
  wins: counter,
  loses: counter,
  rifle_kills: counter,
  awp_kills: counter,
  pistol_kills: counter,
  clutches: counter,
  clutchwins: counter,
})
export type PlayerRecordDto = z.infer<typeof playerRecordSchema>

export const seasonSchema = z.object({
  id: z.number(),
  name: z.catch(z.string(), ''),
  current: z.catch(z.optional(z.boolean()), undefined),
})
export const seasonListSchema = z.array(seasonSchema)

const records = z.array(playerRecordSchema)

export const topPlayersSchema = z.union([records, z.object({ data: records })])

export const leaderboardPageSchema = z.object({
  data: records,
  page: z.number(),
  pageSize: z.catch(z.number(), 50),
  total: z.catch(z.number(), 0),
  totalPages: z.number(),
})
export type LeaderboardPageDto = z.infer<typeof leaderboardPageSchema>

const userEntries = z.array(z.extend(playerRecordSchema, { mode: z.string() }))
export const userEntriesSchema = z.union([userEntries, z.object({ data: userEntries })])
