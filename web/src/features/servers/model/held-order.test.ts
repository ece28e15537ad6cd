import { describe, expect, it } from 'vitest'
import { serverItem } from '../testing/server-fixtures'
import { holdOrder } from './held-order'

describe('holdOrder', () => {
  it('keeps the held places with the newest values, appends new rows, keeps dropped ones', () => {
    const a = serverItem({ ip: '1.1.1.1', players: '9/10' })
    const b = serverItem({ ip: '2.2.2.2', players: '5/10' })
    const c = serverItem({ ip: '3.3.3.3', players: '1/10' })
    const freshA = serverItem({ ip: '1.1.1.1', players: '0/10' })
    const freshB = serverItem({ ip: '2.2.2.2', players: '10/10' })
    const latest = new Map([freshA, freshB, c].map((s) => [s.id, s]))
    // Sorted afresh: c first, b dropped out (full); a, b held.
    const rows = holdOrder([a, b], [c, freshA], latest)
    expect(rows.map((s) => s.id)).toEqual([a.id, b.id, c.id])
    expect(rows.map((s) => s.current)).toEqual([0, 10, 1])
  })
})
