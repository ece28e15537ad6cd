// The status dot of a server card (spec 001 §4 "Server status dot").

export type DotTone = 'green' | 'blue' | 'indigo' | 'red' | 'yellow'

export interface StatusDot {
  tone: DotTone
  pulse: boolean
}

const TONES: Record<string, DotTone> = {
  RUNNING: 'green',
  CREATING: 'blue',
  SWITCHING: 'indigo',
  TERMINATING: 'red',
  TERMINATED: 'red',
}

/** An expired server shows a still red dot; otherwise the status picks the colour, and it pulses. */
export function statusDot(status: string, expired: boolean): StatusDot {
  if (expired) return { tone: 'red', pulse: false }
  return { tone: TONES[status.toUpperCase()] ?? 'yellow', pulse: true }
}

/** Statuses of work in progress on the server: the list is refreshed until they end. */
const TRANSITIONAL = new Set([
  'CREATING',
  'LAUNCH_RETRYING', // neither region took the server yet: the portal tries again on its own
  'PENDING',
  'STARTING',
  'RESTARTING',
  'REBOOTING',
  'STOPPING',
  'SWITCHING',
  'VERIFYING',
  'UPDATING',
  'TERMINATING',
])

export function isTransitional(status: string): boolean {
  return TRANSITIONAL.has(status.toUpperCase())
}

/** The owner actions "verify file integrity" and "update" run while the status says so. */
export type MaintenanceJob = 'verify' | 'update'

export function runningJob(status: string): MaintenanceJob | null {
  const upper = status.toUpperCase()
  if (upper === 'VERIFYING') return 'verify'
  if (upper === 'UPDATING') return 'update'
  return null
}

/** Statuses of a server that is gone or never came up: nothing can be done with it any more. */
const ENDED = new Set(['TERMINATING', 'TERMINATED', 'LAUNCH_FAILED'])

export function isEnded(status: string): boolean {
  return ENDED.has(status.toUpperCase())
}
