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

/**
 * The account's latest 50 orders, newest first, as the backend's console wiring writes them
 * (backend/src/app/wiring/console.cpp order_json; docs/console.md People). Read strictly: a drift in
 * the contract shows as an error, not as an empty or blank table.
 */
export const personOrderSchema = z.object({
  /** "ord_" and 26 characters. */
  id: z.string(),
  /** vip | server_rental */
  product_type: z.string(),
  product_id: z.string(),
  /** alipay | wechat | paypal */
  method: z.string(),
  /** created, awaiting_payment, paid, fulfilled, expired, failed, refunded, held */
  state: z.string(),
  currency: z.string(),
  amount_minor: z.number(),
  created_at: z.number(),
  paid_at: z.nullable(z.number()),
  refunded_at: z.nullable(z.number()),
})
export type PersonOrder = z.infer<typeof personOrderSchema>

/**
 * The practice servers the account rents or helps run (console.cpp rental_json): newest first, without
 * the records a region switch left behind.
 */
export const personRentalSchema = z.object({
  /** "srv_" and 16 characters. */
  id: z.string(),
  name: z.string(),
  region: z.string(),
  /** The web status: RUNNING, LAUNCH_FAILED ... */
  status: z.string(),
  /** true: the account owns it; false: one of its admins. */
  owner: z.boolean(),
  maintenance: z.boolean(),
  expires_at: z.number(),
  created_at: z.number(),
})
export type PersonRental = z.infer<typeof personRentalSchema>

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
  orders: z.array(personOrderSchema),
  rentals: z.array(personRentalSchema),
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
