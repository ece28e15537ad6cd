import { describe, expect, it } from 'vitest'
import { durationParts } from './durations'
import {
  currencyFor,
  durationForMethod,
  findPrice,
  formatAmount,
  methodAllowsDuration,
  PAYPAL_MIN_HOURS,
  totalLabel,
  totalPrice,
} from './pricing'

const CNY = [
  { duration: 4, relocatable: false, amount: 3 },
  { duration: 720, relocatable: false, amount: 30 },
  { duration: 720, relocatable: true, amount: 45.5 },
]
const USD = [
  { duration: 168, relocatable: false, amount: 1.2 },
  { duration: 720, relocatable: false, amount: 4.5 },
]

describe('price rules', () => {
  it('PayPal is charged in USD, every other method in CNY', () => {
    expect(currencyFor('paypal')).toBe('USD')
    expect(currencyFor('alipay')).toBe('CNY')
    expect(currencyFor('wechat')).toBe('CNY')
  })

  it('PayPal needs at least 168 hours and forces 7 days over a shorter duration', () => {
    expect(PAYPAL_MIN_HOURS).toBe(168)
    expect(methodAllowsDuration('paypal', 167)).toBe(false)
    expect(methodAllowsDuration('paypal', 168)).toBe(true)
    expect(methodAllowsDuration('alipay', 4)).toBe(true)
    expect(methodAllowsDuration(null, 4)).toBe(true)
    expect(durationForMethod('paypal', 8)).toBe(168)
    expect(durationForMethod('paypal', 720)).toBe(720)
    expect(durationForMethod('wechat', 8)).toBe(8)
    // Every VIP plan qualifies.
    for (const hours of [720, 2160, 8760]) expect(methodAllowsDuration('paypal', hours)).toBe(true)
  })

  it('a price matches the duration and the region flag', () => {
    expect(findPrice(CNY, 720)?.amount).toBe(30)
    expect(findPrice(CNY, 720, true)?.amount).toBe(45.5)
    expect(findPrice(CNY, 2160)).toBeNull()
  })

  it('the total reads - until chosen, Error when nothing matches, else the symbol and 2 decimals', () => {
    const prices = { CNY, USD }
    expect(totalLabel(totalPrice({ hours: null, method: 'alipay', prices }))).toBe('-')
    expect(totalLabel(totalPrice({ hours: 720, method: null, prices }))).toBe('-')
    expect(totalLabel(totalPrice({ hours: 720, method: 'alipay', prices }))).toBe('¥30.00')
    expect(totalLabel(totalPrice({ hours: 720, method: 'wechat', relocatable: true, prices }))).toBe('¥45.50')
    expect(totalLabel(totalPrice({ hours: 720, method: 'paypal', prices }))).toBe('$4.50')
    expect(totalLabel(totalPrice({ hours: 2160, method: 'alipay', prices }))).toBe('Error')
    // PayPal never prices a duration under its minimum, even if the table had one.
    expect(totalLabel(totalPrice({ hours: 4, method: 'paypal', prices: { USD: [{ duration: 4, relocatable: false, amount: 1 }] } }))).toBe('Error')
    // Prices not loaded (or failed): nothing matches.
    expect(totalPrice({ hours: 720, method: 'paypal', prices: { CNY } })).toEqual({ kind: 'error' })
    expect(totalLabel({ kind: 'error' }, '错误')).toBe('错误')
  })

  it('formats amounts with the currency symbol, 2 decimals and separators', () => {
    expect(formatAmount(30, 'CNY')).toBe('¥30.00')
    expect(formatAmount(42.99, 'USD')).toBe('$42.99')
    expect(formatAmount(1234.5, 'CNY')).toBe('¥1,234.50')
    expect(formatAmount(0.1 + 0.2, 'USD')).toBe('$0.30')
    expect(formatAmount(5, 'EUR')).toBe('EUR 5.00')
  })

  it('durations are shown in the largest whole unit', () => {
    expect(durationParts(720)).toEqual({ unit: 'days', count: 30 })
    expect(durationParts(2160)).toEqual({ unit: 'days', count: 90 })
    expect(durationParts(8760)).toEqual({ unit: 'years', count: 1 })
    expect(durationParts(168)).toEqual({ unit: 'days', count: 7 })
    expect(durationParts(4)).toEqual({ unit: 'hours', count: 4 })
  })
})
