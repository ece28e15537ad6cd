// Order times as the backend may send them (unix seconds, milliseconds or ISO text) as a Date.

/** Null when absent or unreadable. */
export function orderTime(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null
    // Below 1e12 it is seconds (1e12 ms is 2001-09-09).
    return new Date(value < 1e12 ? value * 1000 : value)
  }
  const numeric = Number(value)
  if (Number.isFinite(numeric)) return orderTime(numeric)
  const parsed = Date.parse(value)
  return Number.isNaN(parsed) ? null : new Date(parsed)
}
