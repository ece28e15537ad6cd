// What a privilege's flag for one user group means (spec 000 §2.8): 1 allowed (a check), 2 optional,
// partial or under development (a circle), anything else forbidden (a cross).
import type { UserGroupName } from './user-groups'

export type Access = 'allowed' | 'optional' | 'forbidden'

export const ACCESS_LEVELS: readonly Access[] = ['allowed', 'optional', 'forbidden']

export function accessOf(value: unknown): Access {
  if (value === 1) return 'allowed'
  if (value === 2) return 'optional'
  return 'forbidden'
}

export interface Privilege {
  id: number
  content: string
  detail: string
  order: number
  /** The raw flag per user group. */
  flags: Record<UserGroupName, number>
}

/** The table's rows: by order, then id (the API's order, kept whatever it sends). */
export function sortPrivileges(privileges: readonly Privilege[]): Privilege[] {
  return [...privileges].sort((a, b) => a.order - b.order || a.id - b.id)
}
