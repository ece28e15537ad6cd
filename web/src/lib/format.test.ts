import { describe, expect, it } from 'vitest'
import { formatDateTimeGmt8, formatNumber, formatPercent } from './format'

describe('formatNumber', () => {
  it('separates thousands in integers and shows fractions with two decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567')
    expect(formatNumber(1234.5)).toBe('1,234.50')
    expect(formatNumber(0.456)).toBe('0.46')
    expect(formatNumber(1.5, 'zh')).toBe('1.50')
  })

  it('shows non-numbers as they are', () => {
    expect(formatNumber('12+')).toBe('12+')
    expect(formatNumber(Number.NaN)).toBe('NaN')
    expect(formatNumber(undefined)).toBe('')
  })
})

describe('formatPercent', () => {
  it('always shows two decimals, so whole and fractional rates line up in a column', () => {
    expect(formatPercent(45)).toBe('45.00%')
    expect(formatPercent(46.25)).toBe('46.25%')
    expect(formatPercent(0)).toBe('0.00%')
    expect(formatPercent(100 / 3, 'zh')).toBe('33.33%')
    expect(formatPercent(99.999)).toBe('100.00%')
    expect(formatPercent(1234.5)).toBe('1,234.50%')
  })

  it('shows non-numbers as they are, without a sign', () => {
    expect(formatPercent('N/A')).toBe('N/A')
    expect(formatPercent(Number.NaN)).toBe('NaN')
    expect(formatPercent(null)).toBe('')
  })
})

describe('formatDateTimeGmt8', () => {
  it('shows the date and 24-hour time in GMT+8', () => {
    expect(formatDateTimeGmt8(Date.UTC(2025, 0, 31, 16, 5))).toBe('2025-02-01 00:05')
    expect(formatDateTimeGmt8(new Date('2024-12-01T10:30:00Z'))).toBe('2024-12-01 18:30')
  })
})
