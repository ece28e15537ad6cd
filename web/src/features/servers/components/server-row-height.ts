const ROW_HEIGHT_PX = 52
const CARD_HEIGHT_PX = 92

/** A server row's height: a table row from 1024 px, a two-line card below. Fixed, for the windowing. */
export function serverRowHeight(desktop: boolean): number {
  return desktop ? ROW_HEIGHT_PX : CARD_HEIGHT_PX
}
