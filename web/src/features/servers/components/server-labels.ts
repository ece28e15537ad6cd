import type { TFunction } from 'i18next'
import { isKnownRegion } from '../model/regions'
import { isServerMode, MODE_KEYS } from '../model/server-model'

type ServersT = TFunction<'servers'>

/** The translated name of a game mode; unknown modes as they come. */
export function modeLabel(t: ServersT, mode: string): string {
  return isServerMode(mode) ? t(`modes.${MODE_KEYS[mode]}`) : mode
}

/** The translated name of a region code; unknown codes as they come. */
export function regionLabel(t: ServersT, code: string): string {
  return isKnownRegion(code) ? t(`regions.${code}`) : code
}
