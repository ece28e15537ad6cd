// The days an operator gives (positive) or takes back (negative) in one change; the server applies
// the same bounds (docs/console.md: never past now).
export const MAX_VIP_DAYS = 3650

/** The whole number of days in `text`, or null when it is not one the server accepts. */
export function parseVipDays(text: string): number | null {
  const trimmed = text.trim()
  if (!/^[+-]?\d{1,5}$/.test(trimmed)) return null
  const days = Number(trimmed)
  return days !== 0 && Math.abs(days) <= MAX_VIP_DAYS ? days : null
}
