// When a rented server counts as expired (spec 001 §4 "Expiry rule"), with days read in GMT+8, the
// time zone every date of the product is shown in.
import { DISPLAY_TIME_ZONE } from '@/lib/constants'
import { dateTimeFormat, formatDateTimeGmt8 } from '@/lib/format'

/** "YYYY-MM-DD" of an instant in GMT+8. */
export function gmt8Day(instant: Date | number): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

const LOCAL_DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/

/**
 * The expiry day of `expiredate` as "YYYY-MM-DD" in GMT+8, or null when there is none. A date
 * without a zone ("2025-01-31", "2025-01-31 18:00:00") is already a GMT+8 day; a zoned ISO text
 * or unix seconds is converted.
 */
export function expiryDay(expiredate: string | number | null): string | null {
  if (expiredate === null || expiredate === '') return null
  if (typeof expiredate === 'number') return Number.isFinite(expiredate) && expiredate > 0 ? gmt8Day(expiredate * 1000) : null
  const local = LOCAL_DATE.exec(expiredate.trim())
  if (local) return local[1] ?? null
  const instant = Date.parse(expiredate)
  return Number.isNaN(instant) ? null : gmt8Day(instant)
}

export interface ExpiryFields {
  expiredate: string | number | null
  /** The expiry instant in unix seconds, when known. */
  timestamp: number | null
}

/**
 * Expired: no expiry date; or the expiry day is before today; or it is today, a timestamp exists and
 * the current second is past it. A future day is not expired, and neither is today without a timestamp.
 */
export function isExpired({ expiredate, timestamp }: ExpiryFields, now: number = Date.now()): boolean {
  const day = expiryDay(expiredate)
  if (day === null) return true
  const today = gmt8Day(now)
  if (day < today) return true
  if (day > today) return false
  return timestamp !== null && Math.floor(now / 1000) > timestamp
}

/** The expiry as shown on the card: the exact time in GMT+8, 24 h, when known, else the day. */
export function expiryLabel({ expiredate, timestamp }: ExpiryFields): string | null {
  if (timestamp !== null && timestamp > 0) return formatDateTimeGmt8(timestamp * 1000)
  return expiryDay(expiredate)
}
