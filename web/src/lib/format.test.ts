import { describe, expect, it } from 'vitest'
import { formatDateTimeGmt8, formatNumber, formatPercent, groupedFixed } from './format'

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

describe('groupedFixed', () => {
  it('writes what Intl.NumberFormat en-US writes with the same fraction digits', () => {
    const values = [
      0, -0, 1, -1, 999, 1000, -1000, 12345.678, 1234567.891, -9876543.21, 0.005, 0.015, 0.125, 1.005, 2.675,
      -0.001, -0.005, 99.995, 999999.995, 1e15 + 0.3, 2 ** 53, -(2 ** 53), 123456789012345680000, 1e21, -3.4e22, 1e-7, -2.5e-8, 0.000001, 9.995,
    ]
    // A spread of ordinary values, fixed so a failure can be replayed.
    for (let i = 1; i < 2000; i++) values.push(((i * 7919) % 100003) / (i % 7 === 0 ? 1 : 10 ** (i % 5)) * (i % 3 ? 1 : -1))
    for (const digits of [0, 1, 2]) {
      const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
      for (const value of values) expect(groupedFixed(value, digits), `${value} with ${digits} digits`).toBe(intl.format(value))
    }
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
