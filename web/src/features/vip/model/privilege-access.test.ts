import { describe, expect, it } from 'vitest'
import { accessOf, sortPrivileges, type Privilege } from './privilege-access'

describe('accessOf', () => {
  it.each([
    [1, 'allowed'],
    [2, 'optional'],
    [0, 'forbidden'],
    [3, 'forbidden'],
    [-1, 'forbidden'],
    [1.5, 'forbidden'],
    ['1', 'forbidden'],
    ['2', 'forbidden'],
    [null, 'forbidden'],
    [undefined, 'forbidden'],
    [true, 'forbidden'],
    [Number.NaN, 'forbidden'],
  ] as const)('%j is %s', (value, access) => {
    expect(accessOf(value)).toBe(access)
  })
})

describe('sortPrivileges', () => {
  const privilege = (id: number, order: number): Privilege => ({
    id,
    content: `p${id}`,
    detail: '',
    order,
    flags: { normal: 0, vip: 0, pro: 0, kol: 0, op: 0 },
  })

  it('orders by order, then id, without touching its input', () => {
    const input = [privilege(4, 30), privilege(9, 10), privilege(2, 20), privilege(1, 20), privilege(3, -5)]
    const sorted = sortPrivileges(input)
    expect(sorted.map((p) => p.id)).toEqual([3, 9, 1, 2, 4])
    expect(input.map((p) => p.id)).toEqual([4, 9, 2, 1, 3])
  })

  it('keeps an empty list empty', () => {
    expect(sortPrivileges([])).toEqual([])
  })
})
