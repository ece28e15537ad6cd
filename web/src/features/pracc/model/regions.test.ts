import { describe, expect, it } from 'vitest'
import { canSwitchTo, inRegionFilter, orderRegions, regionGroupOf, RENTAL_REGIONS, type RegionEntry } from './regions'

const entry = (region: string, recommended = false, available = true): RegionEntry => ({ region, available, recommended })

describe('region order in the switch dialog', () => {
  it('puts the current region first, then the recommended ones, the rest after, each part in the backend order', () => {
    const list = [
      entry('ap-tokyo'),
      entry('eu-frankfurt', true),
      entry('ap-shanghai'),
      entry('na-ashburn', true),
      entry('ap-guangzhou', true),
      entry('ap-seoul'),
    ]
    expect(orderRegions(list, 'ap-shanghai').map((e) => e.region)).toEqual([
      'ap-shanghai',
      'eu-frankfurt',
      'na-ashburn',
      'ap-guangzhou',
      'ap-tokyo',
      'ap-seoul',
    ])
  })

  it('a recommended current region is still first, and a current region missing from the list changes nothing', () => {
    const list = [entry('ap-tokyo'), entry('ap-beijing', true)]
    expect(orderRegions(list, 'ap-beijing').map((e) => e.region)).toEqual(['ap-beijing', 'ap-tokyo'])
    expect(orderRegions(list, 'sa-saopaulo').map((e) => e.region)).toEqual(['ap-beijing', 'ap-tokyo'])
  })

  it('only an available region other than the current one can be the target', () => {
    expect(canSwitchTo(entry('ap-tokyo'), 'ap-shanghai')).toBe(true)
    expect(canSwitchTo(entry('ap-shanghai'), 'ap-shanghai')).toBe(false)
    expect(canSwitchTo(entry('ap-tokyo', true, false), 'ap-shanghai')).toBe(false)
  })
})

describe('region filter groups', () => {
  it('China is exactly shanghai, beijing, guangzhou, chengdu and hongkong', () => {
    expect(RENTAL_REGIONS.filter((code) => inRegionFilter(code, 'china'))).toEqual([
      'ap-beijing',
      'ap-shanghai',
      'ap-guangzhou',
      'ap-chengdu',
      'ap-hongkong',
    ])
  })

  it('Asia is every other ap- region (nanjing and chongqing included), Europe eu-, America na- and sa-', () => {
    expect(RENTAL_REGIONS.filter((code) => inRegionFilter(code, 'asia'))).toEqual([
      'ap-nanjing',
      'ap-chongqing',
      'ap-singapore',
      'ap-tokyo',
      'ap-seoul',
      'ap-sydney',
      'ap-mumbai',
      'ap-jakarta',
    ])
    expect(RENTAL_REGIONS.filter((code) => inRegionFilter(code, 'europe'))).toEqual(['eu-frankfurt'])
    expect(RENTAL_REGIONS.filter((code) => inRegionFilter(code, 'america'))).toEqual([
      'na-siliconvalley',
      'na-ashburn',
      'sa-saopaulo',
    ])
  })

  it('All holds every region, an unknown prefix included; no other group does', () => {
    expect(RENTAL_REGIONS.every((code) => inRegionFilter(code, 'all'))).toBe(true)
    expect(inRegionFilter('me-dubai', 'all')).toBe(true)
    expect(regionGroupOf('me-dubai')).toBeNull()
  })
})
