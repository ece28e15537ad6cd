// Who may see the console (spec 000 §1: the op group). The web only decides what to show: every
// console call is refused by the server to anyone else (401 without a login, 403 without op).
import { membershipsOf, type VipStatus } from '@/lib/memberships/vip-status'

export type ConsoleAccess = 'visitor' | 'checking' | 'denied' | 'operator'

export interface AccessInput {
  loggedIn: boolean
  /** The account's memberships; undefined while they are being fetched. */
  status: VipStatus | undefined
  /** The membership fetch failed: nothing proves the account an operator. */
  failed: boolean
}

export function consoleAccess({ loggedIn, status, failed }: AccessInput): ConsoleAccess {
  if (!loggedIn) return 'visitor'
  if (status === undefined) return failed ? 'denied' : 'checking'
  return isOperator(status) ? 'operator' : 'denied'
}

export function isOperator(status: VipStatus | null | undefined): boolean {
  return membershipsOf(status ?? null).some((membership) => membership.group === 'op')
}
