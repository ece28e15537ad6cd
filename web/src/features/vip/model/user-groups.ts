// The user groups the privilege table compares (spec 000 §3): a static list, each with its display
// name and detail keys in the vip namespace. The groups' names are the privilege types the API
// answers a flag for.

export const USER_GROUP_NAMES = ['normal', 'vip', 'pro', 'kol', 'op'] as const
export type UserGroupName = (typeof USER_GROUP_NAMES)[number]

export interface UserGroup {
  id: number
  name: UserGroupName
  /** Key of the column heading in the vip namespace. */
  displayNameKey: `groups.${UserGroupName}.name`
  /** Key of the column's tooltip (and the mobile dialog's line) in the vip namespace. */
  detailKey: `groups.${UserGroupName}.detail`
  enabled: boolean
  order: number
}

function group(id: number, name: UserGroupName): UserGroup {
  return {
    id,
    name,
    displayNameKey: `groups.${name}.name`,
    detailKey: `groups.${name}.detail`,
    enabled: true,
    order: id,
  }
}

export const USER_GROUPS: readonly UserGroup[] = [
  group(1, 'normal'),
  group(2, 'vip'),
  group(3, 'pro'),
  group(4, 'kol'),
  group(5, 'op'),
]

/** The table's columns: the enabled groups by order (then id). */
export function enabledGroups(groups: readonly UserGroup[] = USER_GROUPS): UserGroup[] {
  return groups.filter((g) => g.enabled).sort((a, b) => a.order - b.order || a.id - b.id)
}
