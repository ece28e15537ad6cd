// Which buttons a server card shows and which of them work (spec 001 §2.2, §4 "Card inactive", §6).

export type CardAction =
  | 'copy'
  | 'password'
  | 'admins'
  | 'demos'
  | 'restart'
  | 'switchRegion'
  | 'renew'
  | 'verify'
  | 'update'

/** Why a shown button is disabled; each has a tooltip text. */
export type DisabledReason =
  | 'ownerOnly'
  | 'expired'
  | 'ended'
  | 'restarting'
  | 'maintenance'
  | 'switching'
  | 'jobRunning'
  | 'noAddress'

export interface ActionRule {
  action: CardAction
  enabled: boolean
  reason: DisabledReason | null
}

export interface CardState {
  isOwner: boolean
  expired: boolean
  /** maintenance_status is 1. */
  maintenance: boolean
  /** The status is SWITCHING (moving to another region). */
  switching: boolean
  /** The 40 s after a restart was asked for. */
  restarting: boolean
  relocatable: boolean
  /** An integrity check or an update is running (status VERIFYING or UPDATING). */
  jobRunning: boolean
  /**
   * The server is gone or never came up (TERMINATING, TERMINATED, LAUNCH_FAILED): the backend takes
   * no action on it any more, a renewal included.
   */
  ended?: boolean
  /** The server has an address to connect to (not yet while it is created or moved); true if left out. */
  hasAddress?: boolean
}

const ACTIVE_ORDER: CardAction[] = ['copy', 'password', 'admins', 'demos', 'restart', 'switchRegion', 'renew', 'verify', 'update']
const EXPIRED_ACTIONS: CardAction[] = ['copy', 'restart', 'renew']
const OWNER_ONLY = new Set<CardAction>(['password', 'switchRegion'])
/** Actions that touch the running game server: they wait while a check or update runs. */
const NEEDS_IDLE_SERVER = new Set<CardAction>(['restart', 'switchRegion', 'verify', 'update'])

function shownActions(state: CardState): CardAction[] {
  if (state.expired) return EXPIRED_ACTIONS
  return ACTIVE_ORDER.filter((action) => {
    if (action === 'switchRegion') return state.relocatable
    if (action === 'verify' || action === 'update') return state.isOwner
    return true
  })
}

/** Maintenance and a region switch make the whole card inactive (it ignores the pointer too). */
export function isCardFrozen(state: CardState): boolean {
  return state.maintenance || state.switching
}

/**
 * The card is inactive while a restart runs, the server is expired, in maintenance or switching: its
 * controls are disabled then (an expired server's renew excepted).
 */
export function isCardInactive(state: CardState): boolean {
  return state.restarting || state.expired || state.ended === true || isCardFrozen(state)
}

function blockingReason(state: CardState): DisabledReason | null {
  if (state.ended) return 'ended'
  if (state.maintenance) return 'maintenance'
  if (state.switching) return 'switching'
  if (state.restarting) return 'restarting'
  if (state.expired) return 'expired'
  return null
}

function ruleFor(action: CardAction, state: CardState): ActionRule {
  const blocked = blockingReason(state)
  // An expired card shows copy IP, restart and renew, but like any inactive card its controls are
  // disabled, except renew: an expired server can still be renewed (its instance is stopped, so
  // the backend refuses a restart; renewing starts it again).
  if (blocked === 'expired' && action === 'renew') return { action, enabled: true, reason: null }
  if (blocked) return { action, enabled: false, reason: blocked }
  if (OWNER_ONLY.has(action) && !state.isOwner) return { action, enabled: false, reason: 'ownerOnly' }
  if (action === 'copy' && state.hasAddress === false) return { action, enabled: false, reason: 'noAddress' }
  if (NEEDS_IDLE_SERVER.has(action) && state.jobRunning) return { action, enabled: false, reason: 'jobRunning' }
  return { action, enabled: true, reason: null }
}

/** The card's buttons in order, each with whether it works and why not. */
export function cardActions(state: CardState): ActionRule[] {
  return shownActions(state).map((action) => ruleFor(action, state))
}
