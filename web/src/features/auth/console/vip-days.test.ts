import { describe, expect, it } from 'vitest'
import { parseVipDays } from './vip-days'

describe('VIP days of a console change', () => {
  it.each([
    ['30', 30],
    [' -7 ', -7],
    ['+3650', 3650],
    ['-3650', -3650],
  ])('%o is %d days', (text, days) => {
    expect(parseVipDays(text)).toBe(days)
  })

  it.each(['0', '', '3651', '-3651', '1.5', 'abc', '1e3', '--1'])('%o is refused', (text) => {
    expect(parseVipDays(text)).toBeNull()
  })
})
