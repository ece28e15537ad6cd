import { describe, expect, it } from 'vitest'
import { minorToMajorInput, parseMajorAmount } from './money-input'

describe('parseMajorAmount', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['19.99', 1999],
    ['0.01', 1],
    [' 30 ', 3000],
  ])('%s is %i minor units', (text, minor) => {
    expect(parseMajorAmount(text)).toBe(minor)
  })

  it.each(['', '0', '0.00', '-1', '1.234', '1,000', 'abc', '1e3', '.5', '12.'])('refuses %j', (text) => {
    expect(parseMajorAmount(text)).toBeNull()
  })
})

describe('minorToMajorInput', () => {
  it('shows two decimals', () => {
    expect(minorToMajorInput(1999)).toBe('19.99')
    expect(minorToMajorInput(1200)).toBe('12.00')
    expect(minorToMajorInput(5)).toBe('0.05')
  })
  it('round-trips through the parser', () => {
    for (const minor of [1, 99, 100, 2999, 123456]) expect(parseMajorAmount(minorToMajorInput(minor))).toBe(minor)
  })
})
