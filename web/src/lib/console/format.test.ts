import { describe, expect, it } from 'vitest'
import { formatMoney, formatUnixTime, gmt8InputToUnix, unixToGmt8Input } from './format'

describe('console formatting', () => {
  it('shows unix seconds in GMT+8 and nothing for a missing time', () => {
    expect(formatUnixTime(Date.UTC(2027, 0, 15, 16, 5) / 1000)).toBe('2027-01-16 00:05')
    expect(formatUnixTime(null)).toBe('')
  })

  it('reads a datetime-local value as GMT+8 and back', () => {
    const unix = gmt8InputToUnix('2027-01-16T00:05')
    expect(unix).toBe(Date.UTC(2027, 0, 15, 16, 5) / 1000)
    expect(unixToGmt8Input(unix)).toBe('2027-01-16T00:05')
    expect(gmt8InputToUnix('')).toBeNull()
    expect(gmt8InputToUnix('yesterday')).toBeNull()
  })

  it('shows minor units with two decimals', () => {
    expect(formatMoney(12345, 'CNY', 'zh')).toBe('¥123.45')
    expect(formatMoney(500, 'USD', 'en')).toBe('$5.00')
    expect(formatMoney(100, 'XXXX', 'en')).toBe('1.00 XXXX')
  })
})
