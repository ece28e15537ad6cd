// The People calls of the operator console (docs/console.md, People).
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'

const nullableNumber = z.catch(z.nullish(z.number()), null)
const nullableText = z.catch(z.nullish(z.string()), null)

export const personSchema = z.object({
  id: z.number(),
  steam_id: nullableText,
  name: z.catch(z.string(), ''),
  email: nullableText,
  groups: z.catch(z.array(z.string()), []),
  vip_until: nullableNumber,
  created_at: z.catch(z.number(), 0),
})
export type Person = z.infer<typeof personSchema>

/** Orders and rentals come from other features in their own shapes: read what is known, keep the rest. */
const looseRow = z.record(z.string(), z.unknown())
export type LooseRow = z.infer<typeof looseRow>

export const personDetailsSchema = z.object({
  user: personSchema,
  memberships: z.catch(
    z.array(
      z.object({
        group: z.string(),
        granted_at: nullableNumber,
        granted_by: nullableText,
        expires_at: nullableNumber,
      }),
    ),
    [],
  ),
  vip: z.catch(
    z.object({
      until: nullableNumber,
      history: z.catch(
        z.array(
          z.object({
            id: z.catch(z.number(), 0),
            starts_at: nullableNumber,
            expires_at: nullableNumber,
            source: nullableText,
            source_ref: nullableText,
          }),
        ),
        [],
      ),
    }),
    { until: null, history: [] },
  ),
  orders: z.catch(z.array(looseRow), []),
  rentals: z.catch(z.array(looseRow), []),
  sessions: z.catch(
    z.array(
      z.object({
        id: z.union([z.number(), z.string()]),
        method: nullableText,
        ip: nullableText,
        created_at: nullableNumber,
        last_seen_at: nullableNumber,
        expires_at: nullableNumber,
      }),
    ),
    [],
  ),
})
export type PersonDetails = z.infer<typeof personDetailsSchema>

export const PEOPLE_PATH = '/api/console/users'

export const peopleKeys = {
  details: (id: string) => ['console', 'people', id] as const,
}

export function fetchPerson(id: string, signal?: AbortSignal): Promise<PersonDetails> {
  return apiClient.get(`${PEOPLE_PATH}/${encodeURIComponent(id)}`, { schema: personDetailsSchema, signal })
}

/** The groups an operator grants or takes away in the console (vip goes by days). */
export const GRANTABLE_GROUPS = ['pro', 'kol', 'op'] as const
export type GrantableGroup = (typeof GRANTABLE_GROUPS)[number]

export function changeVipDays(id: number, days: number, reason: string): Promise<Person> {
  return apiClient.post(`${PEOPLE_PATH}/${id}/vip`, { days, reason }, { schema: personSchema })
}

export function setGroup(id: number, group: GrantableGroup, granted: boolean, reason: string): Promise<Person> {
  return apiClient.post(`${PEOPLE_PATH}/${id}/groups`, { group, granted, reason }, { schema: personSchema })
}

export function endSessions(id: number, reason: string): Promise<Person> {
  return apiClient.post(`${PEOPLE_PATH}/${id}/sessions/end`, { reason }, { schema: personSchema })
}
