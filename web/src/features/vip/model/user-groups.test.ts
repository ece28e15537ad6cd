import { describe, expect, it } from 'vitest'
import { enabledGroups, USER_GROUPS, type UserGroup } from './user-groups'

describe('user groups', () => {
  it('are the static list normal 1, vip 2, pro 3, kol 4, op 5, all enabled, with their keys', () => {
    expect(USER_GROUPS.map(({ id, name, order, enabled }) => ({ id, name, order, enabled }))).toEqual([
      { id: 1, name: 'normal', order: 1, enabled: true },
      { id: 2, name: 'vip', order: 2, enabled: true },
      { id: 3, name: 'pro', order: 3, enabled: true },
      { id: 4, name: 'kol', order: 4, enabled: true },
      { id: 5, name: 'op', order: 5, enabled: true },
    ])
    expect(USER_GROUPS[4]).toMatchObject({ displayNameKey: 'groups.op.name', detailKey: 'groups.op.detail' })
  })

  it('columns are the enabled groups by order, then id', () => {
    const [normal, vip, pro, kol, op] = USER_GROUPS
    const groups: UserGroup[] = [
      { ...op, order: 0 },
      { ...normal, order: 3 },
      { ...kol, enabled: false },
      { ...pro, order: 2 },
      { ...vip, order: 2 },
    ]
    expect(enabledGroups(groups).map((g) => g.name)).toEqual(['op', 'vip', 'pro', 'normal'])
    expect(enabledGroups().map((g) => g.name)).toEqual(['normal', 'vip', 'pro', 'kol', 'op'])
  })
})
