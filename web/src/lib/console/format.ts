// How the console shows the contract's values: unix seconds as GMT+8 date and time, integer minor
// units as money with two decimals (DESIGN §4).
import { formatDateTimeGmt8, numberFormat } from '@/lib/format'
import type { Language } from '@/lib/constants'

/** "2026-11-24 18:05" in GMT+8, or "" for a missing time. */
export function formatUnixTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return ''
  return formatDateTimeGmt8(seconds * 1000)
}

const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' }

/** 12345 CNY -> "¥123.45" (zh) / "CN¥123.45" (en); an unknown currency code is shown after the number. */
export function formatMoney(amountMinor: number, currency: string, language: Language): string {
  const major = amountMinor / 100
  try {
    return numberFormat(LOCALES[language], {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(major)
  } catch {
    return `${major.toFixed(2)} ${currency}`
  }
}

/**
 * A `datetime-local` input's value (read as GMT+8, the time the console shows) as unix seconds,
 * or null when empty or unreadable.
 */
export function gmt8InputToUnix(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [, y, mo, d, h, mi] = match.map(Number)
  const utc = Date.UTC(y, mo - 1, d, h - 8, mi)
  return Number.isNaN(utc) ? null : Math.floor(utc / 1000)
}

/** The inverse of gmt8InputToUnix, for showing a filter kept in the URL. */
export function unixToGmt8Input(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return ''
  return formatDateTimeGmt8(seconds * 1000).replace(' ', 'T')
}
