// The one owner of an account's memberships on the web (VIP and the pro, kol and op groups):
// GET /api/auth/vip-status/{steamId}, its schema, its query, and the window event that announces a
// change (emitted after the VIP payment dialog closes, spec 000 §4.7). The header badge and quick
// join read it through `useVipStatus`, the VIP page refreshes and announces it through
// `useAnnounceVipStatus` (./use-vip-status), and `VipStatusSync` keeps the cache current.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiClient } from '../api-client'
import { isCancelled } from '../api-error'
import { dateTimeFormat } from '../format'

export const VIP_STATUS_CHANGED_EVENT = 'vipStatusChanged'

/** How long a fetched status is shown without asking again. */
export const VIP_STATUS_STALE_MS = 5 * 60_000

const dateOrNull = z.catch(z.nullish(z.string()), null)

/** One membership the account holds: its group and its last day ("YYYY-MM-DD", GMT+8), null if it never ends. */
const grantSchema = z.object({ group: z.string(), expireDate: dateOrNull })
export type MembershipGrant = z.infer<typeof grantSchema>

// type and expireDate: the highest tier and its end (the header badge); vipExpireDate and groups:
// the VIP end and every membership with its end (the account menu). The last two may be missing
// from a status announced by an older sender: `membershipsOf` then derives them from type.
export const vipStatusSchema = z.object({
  steamId: z.catch(z.optional(z.string()), undefined),
  type: z.catch(z.string(), 'none'),
  expireDate: dateOrNull,
  vipExpireDate: z.catch(z.optional(z.nullable(z.string())), undefined),
  groups: z.catch(z.optional(z.array(grantSchema)), undefined),
})
export type VipStatus = z.infer<typeof vipStatusSchema>

export const NO_VIP_STATUS: VipStatus = { type: 'none', expireDate: null, vipExpireDate: null, groups: [] }

/** The membership groups the portal shows, highest first (spec 000 §1). */
export const MEMBERSHIP_GROUPS = ['op', 'kol', 'pro', 'vip'] as const
export type MembershipGroup = (typeof MEMBERSHIP_GROUPS)[number]

function isMembershipGroup(group: string): group is MembershipGroup {
  return (MEMBERSHIP_GROUPS as readonly string[]).includes(group)
}

export interface Membership {
  group: MembershipGroup
  /** Last day, "YYYY-MM-DD" in GMT+8; null: permanent. */
  expireDate: string | null
}

/**
 * Every membership of the status, highest first, each once, with its end date: the groups list when
 * the status carries one; otherwise the tier (type, expireDate) and the VIP end (vipExpireDate).
 * Unknown groups are left out.
 */
export function membershipsOf(status: VipStatus | null): Membership[] {
  if (!status) return []
  const grants: MembershipGrant[] = status.groups ?? [
    { group: status.type, expireDate: status.expireDate },
    ...(status.type !== 'vip' && status.vipExpireDate ? [{ group: 'vip', expireDate: status.vipExpireDate }] : []),
  ]
  const byGroup = new Map<MembershipGroup, Membership>()
  for (const { group, expireDate } of grants) {
    if (isMembershipGroup(group) && !byGroup.has(group)) byGroup.set(group, { group, expireDate: expireDate ?? null })
  }
  return MEMBERSHIP_GROUPS.flatMap((group) => byGroup.get(group) ?? [])
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_LOCALES = { zh: 'zh-CN', en: 'en-US' } as const

/**
 * A membership's last day in the UI language: "2025年3月2日" (zh), "Mar 2, 2025" (en). The backend
 * sends the day as "YYYY-MM-DD", already in GMT+8 (spec 001 §3), so it is shown as that calendar
 * day whatever the browser's time zone; anything else is shown as it came.
 */
export function formatMembershipDate(date: string, language: 'zh' | 'en'): string {
  const match = DATE_PATTERN.exec(date)
  if (!match) return date
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  if (Number.isNaN(day.getTime())) return date
  return dateTimeFormat(DATE_LOCALES[language], {
    year: 'numeric',
    month: language === 'zh' ? 'long' : 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(day)
}

/** A blank type is no tier. */
export function normalizeVipStatus(status: VipStatus): VipStatus {
  return status.type ? status : { ...status, type: 'none' }
}

/**
 * GET /api/auth/vip-status/{steamId} (public: no token is sent). Any failure is logged and reads as
 * no tier (spec 000 §8: a VIP status failure is treated as 'none'); only a cancellation rejects.
 */
export async function fetchVipStatus(steamId: string, signal?: AbortSignal): Promise<VipStatus> {
  try {
    const status = await apiClient.get(`/api/auth/vip-status/${encodeURIComponent(steamId)}`, {
      schema: vipStatusSchema,
      token: 'none',
      signal,
    })
    return normalizeVipStatus(status)
  } catch (error) {
    if (isCancelled(error)) throw error
    console.warn('Failed to fetch VIP status', error)
    return NO_VIP_STATUS
  }
}

export const vipStatusKeys = {
  all: ['memberships', 'vip-status'] as const,
  status: (steamId: string) => ['memberships', 'vip-status', steamId] as const,
}

/** The one query of `steamId`'s status: one key per account, one staleTime. */
export function vipStatusOptions(steamId: string) {
  return queryOptions({
    queryKey: vipStatusKeys.status(steamId),
    queryFn: ({ signal }) => fetchVipStatus(steamId, signal),
    staleTime: VIP_STATUS_STALE_MS,
  })
}

/**
 * Asks for `steamId`'s status afresh, whatever the cache holds, and caches the answer; a request
 * already under way for it is joined rather than repeated.
 */
export function refetchVipStatus(queryClient: QueryClient, steamId: string): Promise<VipStatus> {
  return queryClient.fetchQuery({ ...vipStatusOptions(steamId), staleTime: 0 })
}

/** Announces a new VIP status to whoever shows it (every reader of `useVipStatus`). */
export function emitVipStatusChanged(status: VipStatus): void {
  window.dispatchEvent(new CustomEvent(VIP_STATUS_CHANGED_EVENT, { detail: status }))
}

/**
 * Spec 000 §4.7, after the VIP payment dialog closes: fetches `steamId`'s status afresh, then
 * announces it with the vipStatusChanged event. A failure announces no tier.
 */
export async function announceVipStatus(queryClient: QueryClient, steamId: string): Promise<VipStatus> {
  let status: VipStatus
  try {
    status = await refetchVipStatus(queryClient, steamId)
  } catch {
    // Only a cancelled request lands here (a failed one already reads as no tier).
    status = NO_VIP_STATUS
  }
  const fresh = { ...status, steamId: status.steamId ?? steamId }
  emitVipStatusChanged(fresh)
  return fresh
}
