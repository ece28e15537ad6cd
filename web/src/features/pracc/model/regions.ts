// Region codes of the practice servers and the switch-region rules (spec 001 §3, §4 "Region switch").

/** The cloud regions a practice server can run in (spec 001 §3). */
export const RENTAL_REGIONS = [
  'ap-beijing',
  'ap-shanghai',
  'ap-guangzhou',
  'ap-nanjing',
  'ap-chongqing',
  'ap-chengdu',
  'ap-hongkong',
  'ap-singapore',
  'ap-tokyo',
  'ap-seoul',
  'ap-sydney',
  'ap-mumbai',
  'ap-jakarta',
  'eu-frankfurt',
  'na-siliconvalley',
  'na-ashburn',
  'sa-saopaulo',
] as const
export type RentalRegion = (typeof RENTAL_REGIONS)[number]

export function isRentalRegion(code: string): code is RentalRegion {
  return (RENTAL_REGIONS as readonly string[]).includes(code)
}

export const REGION_FILTERS = ['all', 'china', 'asia', 'europe', 'america'] as const
export type RegionFilter = (typeof REGION_FILTERS)[number]

/** The spec's China list; nanjing and chongqing are not on it and count as Asia by their prefix. */
const CHINA = new Set(['ap-shanghai', 'ap-beijing', 'ap-guangzhou', 'ap-chengdu', 'ap-hongkong'])

/** The group a region belongs to besides 'all'; null when its prefix fits none. */
export function regionGroupOf(code: string): Exclude<RegionFilter, 'all'> | null {
  if (CHINA.has(code)) return 'china'
  if (code.startsWith('ap-')) return 'asia'
  if (code.startsWith('eu-')) return 'europe'
  if (code.startsWith('na-') || code.startsWith('sa-')) return 'america'
  return null
}

export function inRegionFilter(code: string, filter: RegionFilter): boolean {
  return filter === 'all' || regionGroupOf(code) === filter
}

export interface RegionEntry {
  region: string
  available: boolean
  recommended: boolean
}

/**
 * The switch dialog's order: the server's current region first, then the recommended ones, then the
 * rest; within each part the backend's order stands.
 */
export function orderRegions(entries: readonly RegionEntry[], current: string): RegionEntry[] {
  const rank = (entry: RegionEntry) => (entry.region === current ? 0 : entry.recommended ? 1 : 2)
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || a.index - b.index)
    .map(({ entry }) => entry)
}

/** A region the server may move to: available and not where it already is. */
export function canSwitchTo(entry: RegionEntry, current: string): boolean {
  return entry.available && entry.region !== current
}
