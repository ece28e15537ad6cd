// What an operator may do with a rented server, by its web status (docs/pracc.md, "The server's
// life"), and the checks of the actions' fields. The server refuses the same; this only spares a
// round trip and greys out what cannot work.

export const RENTAL_STATUSES = [
  'CREATING',
  'RUNNING',
  'RESTARTING',
  'UPDATING',
  'VERIFYING',
  'SWITCHING',
  'STOPPED',
  'STARTING',
  'TERMINATING',
  'TERMINATED',
  'LAUNCH_FAILED',
] as const
export type RentalStatus = (typeof RENTAL_STATUSES)[number]

export function isRentalStatus(value: string): value is RentalStatus {
  return (RENTAL_STATUSES as readonly string[]).includes(value)
}

export type RentalAction = 'maintenance' | 'extend' | 'end' | 'retry'

const GONE = new Set(['TERMINATING', 'TERMINATED', 'LAUNCH_FAILED'])

/** The actions that make sense for a server in `status` (upper case web status). */
export function rentalActions(status: string): RentalAction[] {
  const upper = status.toUpperCase()
  if (upper === 'LAUNCH_FAILED') return ['retry']
  if (GONE.has(upper)) return []
  return ['maintenance', 'extend', 'end']
}

export const MAX_EXTEND_HOURS = 8760
export const MAINTENANCE_TEXT_MAX = 200

/** Whole hours 1..8760, or null. */
export function parseExtendHours(text: string): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const hours = Number(trimmed)
  return hours >= 1 && hours <= MAX_EXTEND_HOURS ? hours : null
}

/** One line of 1..200 characters (code points), trimmed; null when it cannot be sent. */
export function maintenanceText(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed.length === 0 || /[\r\n]/.test(trimmed)) return null
  return [...trimmed].length <= MAINTENANCE_TEXT_MAX ? trimmed : null
}
