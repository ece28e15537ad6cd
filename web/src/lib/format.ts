// Number and time formatting shared by the screens (spec 001 §3 number display, GMT+8 times).
import { DISPLAY_TIME_ZONE, type Language } from './constants'

// Both languages write numbers the en-US way (spec 001 §3: "1,234,567", "1,234.50"); zh-CN groups and
// separates digits the same. The digits are written here rather than by Intl.NumberFormat: the first
// Intl.NumberFormat a page builds loads the locale data, 40 ms measured in Chromium on this machine
// (160 ms at Lighthouse's mobile CPU), and every page with a number paid it on its first render.
// `groupedFixed` matches Intl.NumberFormat('en-US') with these fraction digits (format.test.ts).
const GROUPS_OF_THREE = /\B(?=(\d{3})+(?!\d))/g

/** `value` with exactly `digits` decimals and thousands separators: 1234.5, 2 -> "1,234.50". */
export function groupedFixed(value: number, digits: number): string {
  // Intl rounds the shortest decimal that reads back as the number ("1.005", not 1.00499...), half
  // away from zero; so does this, on the digits of String().
  const shortest = String(Math.abs(value))
  if (shortest.includes('e')) {
    return numberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
  }
  const [whole = '0', fraction = ''] = shortest.split('.')
  let kept = whole + fraction.slice(0, digits).padEnd(digits, '0')
  // Rounding up adds one in the last kept place, carries included ("0199" -> "0200", "99" -> "100").
  if ((fraction[digits] ?? '0') >= '5') kept = (BigInt(kept) + 1n).toString().padStart(kept.length, '0')
  const wholeDigits = kept.slice(0, kept.length - digits) || '0'
  const decimals = digits > 0 ? `.${kept.slice(kept.length - digits)}` : ''
  // Intl keeps the sign of a negative number that rounds to zero ("-0.00"), and of -0.
  const negative = value < 0 || Object.is(value, -0)
  return `${negative ? '-' : ''}${wholeDigits.replace(GROUPS_OF_THREE, ',')}${decimals}`
}

/**
 * Integers get thousands separators; fractional numbers exactly two decimals with separators;
 * anything that is not a finite number is shown as it is. Both languages write it the same way.
 */
export function formatNumber(value: unknown, _language: Language = 'en'): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '')
  return groupedFixed(value, Number.isInteger(value) ? 0 : 2)
}

/**
 * A percentage, always with exactly two decimals and thousands separators ("45.00%", "46.25%"),
 * so a column never mixes "45%" with "46.25%" (spec 001 §3: fractional numbers show two decimals,
 * and a rate is a fraction). The value is already scaled (50 means 50%). Anything that is not a
 * finite number is shown as it is, without a sign.
 */
export function formatPercent(value: unknown, _language: Language = 'en'): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '')
  return `${groupedFixed(value, 2)}%`
}

// Building an Intl formatter costs far more than formatting with one, so each locale and option set
// is built once.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

function cachedFormat<F>(cache: Map<string, F>, locale: string, options: object, build: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = cache.get(key)
  if (format === undefined) {
    format = build()
    cache.set(key, format)
  }
  return format
}

/** The shared Intl.NumberFormat for these locale and options (money in a currency's own style). */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cachedFormat(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options))

/** The shared Intl.DateTimeFormat for these locale and options. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cachedFormat(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options))

/** Date and 24-hour time in GMT+8, e.g. 2025-01-31 18:05. */
export function formatDateTimeGmt8(date: Date | number): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`
}
