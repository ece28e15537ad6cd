// Region codes and the region filter groups (spec 000 §2.7, spec 001 §4 "Region switch").

export const KNOWN_REGIONS = [
  'ap-shanghai',
  'ap-beijing',
  'ap-guangzhou',
  'ap-chengdu',
  'ap-hongkong',
  'ap-singapore',
  'ap-tokyo',
  'ap-seoul',
  'ap-mumbai',
  'ap-bangkok',
  'ap-jakarta',
  'eu-frankfurt',
  'eu-moscow',
  'na-siliconvalley',
  'na-ashburn',
  'na-toronto',
  'sa-saopaulo',
] as const
export type KnownRegion = (typeof KNOWN_REGIONS)[number]

export function isKnownRegion(code: string): code is KnownRegion {
  return (KNOWN_REGIONS as readonly string[]).includes(code)
}

export const REGION_GROUPS = ['all', 'china', 'asia', 'europe', 'america'] as const
export type RegionGroup = (typeof REGION_GROUPS)[number]

const CHINA = new Set(['ap-shanghai', 'ap-beijing', 'ap-guangzhou', 'ap-chengdu', 'ap-hongkong'])

/** The group a region code belongs to (besides 'all'); null when it fits none. */
export function regionGroupOf(code: string): Exclude<RegionGroup, 'all'> | null {
  if (CHINA.has(code)) return 'china'
  if (code.startsWith('ap-')) return 'asia'
  if (code.startsWith('eu-')) return 'europe'
  if (code.startsWith('na-') || code.startsWith('sa-')) return 'america'
  return null
}

export function inRegionGroup(code: string, group: RegionGroup): boolean {
  return group === 'all' || regionGroupOf(code) === group
}
