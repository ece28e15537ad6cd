import { describe, expect, it } from 'vitest'
import { areaPath, linePath, summarize } from './players-chart-model'

describe('the players sparkline', () => {
  it('summarises lowest, highest and the latest count', () => {
    expect(summarize([])).toBeNull()
    expect(summarize([{ at: 1, players: 5 }, { at: 2, players: 9 }, { at: 3, players: 2 }])).toEqual({
      min: 2,
      max: 9,
      last: 2,
    })
  })

  it('draws oldest left, 0 at the bottom and the top count at the top, whatever the order given', () => {
    const path = linePath([{ at: 200, players: 0 }, { at: 100, players: 10 }], 100, 50)
    expect(path).toBe('M0,0L100,50')
  })

  it('draws a single point across the width, and closes the area along the bottom', () => {
    expect(linePath([{ at: 5, players: 0 }], 100, 50)).toBe('M0,50L100,50')
    expect(areaPath([{ at: 1, players: 1 }, { at: 2, players: 1 }], 10, 4)).toBe('M0,0L10,0L10,4L0,4Z')
    expect(areaPath([], 10, 4)).toBe('')
  })
})
