// Shapes of the server calls (spec 000 §7). Lenient where the backend is known to vary:
// open / ontop / star may arrive as strings, players_max may be absent or null.
import * as z from 'zod/mini'

/** A number that may arrive as a numeric string; anything unreadable becomes `fallback`. */
const numeric = (fallback: number) => z.catch(z.coerce.number(), fallback)
const text = z.catch(z.string(), '')

export const serverItemSchema = z.object({
  ip: z.string(),
  port: z.coerce.number(),
  name: text,
  name_display: text,
  players: text,
  players_max: z.catch(z.nullish(z.coerce.number()), null),
  category: text,
  map: text,
  region: text,
  open: numeric(0),
  ontop: numeric(0),
  star: numeric(0),
})
export type ServerItemDto = z.infer<typeof serverItemSchema>

export const serverListSchema = z.array(serverItemSchema)

export const serverInfoSchema = z.object({
  players: z.object({
    list: z.array(
      z.object({
        name: text,
        raw: z.catch(z.optional(z.object({ time: z.catch(z.optional(z.number()), undefined) })), undefined),
      }),
    ),
  }),
})
export type ServerInfo = z.infer<typeof serverInfoSchema>
export type PlayerEntry = ServerInfo['players']['list'][number]

export const historyPointSchema = z.object({ t: z.number(), players: numeric(0) })
export type HistoryPoint = z.infer<typeof historyPointSchema>

/** A whole number ≥ 0, or null when missing or unreadable. */
const optionalCount = z.catch(z.nullish(z.int().check(z.nonnegative())), null)

/** The details page's server: the list item plus ping (ms, null while offline) and tickrate. */
export const serverDetailsItemSchema = z.extend(serverItemSchema, {
  ping: optionalCount,
  tickrate: optionalCount,
})

export const serverDetailsSchema = z.object({
  server: serverDetailsItemSchema,
  history: z.catch(z.array(historyPointSchema), []),
})
export type ServerDetailsDto = z.infer<typeof serverDetailsSchema>
