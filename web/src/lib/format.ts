// Number and time formatting shared by the screens (spec 001 §3 number display, GMT+8 times).
import { DISPLAY_TIME_ZONE, type Language } from './constants'

const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' }

/**
 * Integers get thousands separators; fractional numbers exactly two decimals with separators;
 * anything that is not a finite number is shown as it is.
 */
export function formatNumber(value: unknown, language: Language = 'en'): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '')
  const fractional = !Number.isInteger(value)
  return new Intl.NumberFormat(LOCALES[language], {
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: fractional ? 2 : 0,
  }).format(value)
}

/**
 * A percentage, always with exactly two decimals and thousands separators ("45.00%", "46.25%"),
 * so a column never mixes "45%" with "46.25%" (spec 001 §3: fractional numbers show two decimals,
 * and a rate is a fraction). The value is already scaled (50 means 50%). Anything that is not a
 * finite number is shown as it is, without a sign.
 */
export function formatPercent(value: unknown, language: Language = 'en'): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '')
  const text = new Intl.NumberFormat(LOCALES[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value)
  return `${text}%`
}

/** Date and 24-hour time in GMT+8, e.g. 2025-01-31 18:05. */
export function formatDateTimeGmt8(date: Date | number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
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
