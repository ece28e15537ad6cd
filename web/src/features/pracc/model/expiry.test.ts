import { describe, expect, it } from 'vitest'
import { expiryDay, expiryLabel, isExpired } from './expiry'

/** 2025-03-10 12:00:00 in GMT+8. */
const NOON = Date.parse('2025-03-10T12:00:00+08:00')
const seconds = (iso: string) => Date.parse(iso) / 1000

describe('the expiry rule', () => {
  it.each([
    ['no expiry date', { expiredate: null, timestamp: null }, true],
    ['an empty expiry date', { expiredate: '', timestamp: seconds('2030-01-01T00:00:00+08:00') }, true],
    ['an unreadable expiry date', { expiredate: 'soon', timestamp: null }, true],
    ['yesterday', { expiredate: '2025-03-09', timestamp: null }, true],
    ['yesterday with a future timestamp (the day decides)', { expiredate: '2025-03-09', timestamp: seconds('2030-01-01T00:00:00Z') }, true],
    ['tomorrow', { expiredate: '2025-03-11', timestamp: null }, false],
    ['tomorrow with a past timestamp (the day decides)', { expiredate: '2025-03-11', timestamp: seconds('2025-03-01T00:00:00Z') }, false],
    ['today without a timestamp', { expiredate: '2025-03-10', timestamp: null }, false],
    ['today, the timestamp a second ago', { expiredate: '2025-03-10', timestamp: NOON / 1000 - 1 }, true],
    ['today, the timestamp this very second (not past it)', { expiredate: '2025-03-10', timestamp: NOON / 1000 }, false],
    ['today, the timestamp later today', { expiredate: '2025-03-10 23:59:59', timestamp: seconds('2025-03-10T23:59:59+08:00') }, false],
  ])('%s → expired %s', (_label, fields, expired) => {
    expect(isExpired(fields, NOON)).toBe(expired)
  })

  it('reads "today" in GMT+8: at 01:00 in China (17:00 UTC the day before) the Chinese day counts', () => {
    const earlyMorning = Date.parse('2025-03-10T01:00:00+08:00')
    expect(isExpired({ expiredate: '2025-03-09', timestamp: null }, earlyMorning)).toBe(true)
    expect(isExpired({ expiredate: '2025-03-10', timestamp: null }, earlyMorning)).toBe(false)
  })

  it('reads zoned ISO texts and unix seconds as GMT+8 days', () => {
    expect(expiryDay('2025-03-09T20:00:00Z')).toBe('2025-03-10')
    expect(expiryDay(seconds('2025-03-10T23:30:00+08:00'))).toBe('2025-03-10')
    expect(expiryDay('2025-03-10T08:00')).toBe('2025-03-10')
    expect(expiryDay(null)).toBeNull()
  })

  it('shows the exact expiry in GMT+8, 24 h, else the day', () => {
    expect(expiryLabel({ expiredate: '2025-03-10', timestamp: seconds('2025-03-10T18:05:00+08:00') })).toBe('2025-03-10 18:05')
    expect(expiryLabel({ expiredate: '2025-03-10', timestamp: null })).toBe('2025-03-10')
    expect(expiryLabel({ expiredate: null, timestamp: null })).toBeNull()
  })
})
