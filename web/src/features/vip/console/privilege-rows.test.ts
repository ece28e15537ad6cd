import { describe, expect, it } from 'vitest'
import { firstProblem, moveRow, newRow, toPrivilegeValue, type PrivilegeRow } from './privilege-rows'

const row = (key: string, content = 'x'): PrivilegeRow => ({
  key,
  zh: { content, detail: '' },
  en: { content, detail: '' },
  values: { normal: 0, vip: 1, pro: 1, kol: 2, op: 1 },
})

describe('moveRow', () => {
  const rows = [row('a_1'), row('b_1'), row('c_1')]
  it('swaps with the neighbour', () => {
    expect(moveRow(rows, 1, -1).map((r) => r.key)).toEqual(['b_1', 'a_1', 'c_1'])
    expect(moveRow(rows, 1, 1).map((r) => r.key)).toEqual(['a_1', 'c_1', 'b_1'])
  })
  it('stays put at the ends', () => {
    expect(moveRow(rows, 0, -1).map((r) => r.key)).toEqual(['a_1', 'b_1', 'c_1'])
    expect(moveRow(rows, 2, 1).map((r) => r.key)).toEqual(['a_1', 'b_1', 'c_1'])
  })
})

describe('newRow', () => {
  it('takes a free key', () => {
    expect(newRow([row('privilege_2'), row('x_1')]).key).toBe('privilege_3')
  })
})

describe('firstProblem', () => {
  it('accepts a filled table', () => expect(firstProblem([row('a_1'), row('b_1')])).toBeNull())
  it('names the row of an empty name, a long detail and a repeated key', () => {
    expect(firstProblem([row('a_1'), row('b_1', ' ')])).toEqual({ row: 2, problem: 'contentInvalid' })
    const long = row('c_1')
    long.en.detail = 'd'.repeat(501)
    expect(firstProblem([long])).toEqual({ row: 1, problem: 'detailInvalid' })
    expect(firstProblem([row('a_1'), row('a_1')])).toEqual({ row: 2, problem: 'keyInvalid' })
    expect(firstProblem([row('A')])).toEqual({ row: 1, problem: 'keyInvalid' })
  })
})

describe('toPrivilegeValue', () => {
  it('reads anything but 1 and 2 as forbidden', () => {
    expect([1, 2, 0, 3, -1].map(toPrivilegeValue)).toEqual([1, 2, 0, 0, 0])
  })
})
