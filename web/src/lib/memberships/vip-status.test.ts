import { describe, expect, it } from 'vitest'
import { formatMembershipDate, membershipsOf, NO_VIP_STATUS, vipStatusSchema } from './vip-status'

describe('membershipsOf', () => {
  it('lists every known group once, highest first, with its end', () => {
    const status = vipStatusSchema.parse({
      type: 'op',
      expireDate: '2025-02-02',
      vipExpireDate: '2025-03-02',
      groups: [
        { group: 'vip', expireDate: '2025-03-02' },
        { group: 'pro', expireDate: null },
        { group: 'op', expireDate: '2025-02-02' },
        { group: 'gold', expireDate: null },
        { group: 'pro', expireDate: '2030-01-01' },
      ],
    })
    expect(membershipsOf(status)).toEqual([
      { group: 'op', expireDate: '2025-02-02' },
      { group: 'pro', expireDate: null },
      { group: 'vip', expireDate: '2025-03-02' },
    ])
  })

  it('falls back to type and vipExpireDate without a usable groups list', () => {
    const status = vipStatusSchema.parse({ type: 'kol', expireDate: null, vipExpireDate: '2025-03-02', groups: 7 })
    expect(membershipsOf(status)).toEqual([
      { group: 'kol', expireDate: null },
      { group: 'vip', expireDate: '2025-03-02' },
    ])
    expect(membershipsOf(vipStatusSchema.parse({ type: 'vip', expireDate: '2025-03-02' }))).toEqual([
      { group: 'vip', expireDate: '2025-03-02' },
    ])
  })

  it('is empty for no status and no tier', () => {
    expect(membershipsOf(null)).toEqual([])
    expect(membershipsOf(NO_VIP_STATUS)).toEqual([])
    expect(membershipsOf(vipStatusSchema.parse({ type: 'none', expireDate: null }))).toEqual([])
  })
})

describe('formatMembershipDate', () => {
  it('writes the GMT+8 day in the UI language, whatever the browser time zone', () => {
    expect(formatMembershipDate('2025-03-02', 'zh')).toBe('2025年3月2日')
    expect(formatMembershipDate('2025-03-02', 'en')).toBe('Mar 2, 2025')
    expect(formatMembershipDate('2025-12-31', 'en')).toBe('Dec 31, 2025')
  })

  it('shows anything that is not a day as it came', () => {
    expect(formatMembershipDate('soon', 'en')).toBe('soon')
  })
})
