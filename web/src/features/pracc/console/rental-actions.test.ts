import { describe, expect, it } from 'vitest'
import { maintenanceText, parseExtendHours, rentalActions } from './rental-actions'

describe('rentalActions', () => {
  it('offers maintenance, extend and end while the server lives', () => {
    for (const status of ['RUNNING', 'CREATING', 'STOPPED', 'SWITCHING', 'running'])
      expect(rentalActions(status)).toEqual(['maintenance', 'extend', 'end'])
  })
  it('offers only a retry after a failed launch', () => {
    expect(rentalActions('LAUNCH_FAILED')).toEqual(['retry'])
  })
  it('offers nothing for a server that is gone', () => {
    expect(rentalActions('TERMINATED')).toEqual([])
    expect(rentalActions('TERMINATING')).toEqual([])
  })
})

describe('parseExtendHours', () => {
  it('takes whole hours from 1 to 8760', () => {
    expect(parseExtendHours('24')).toBe(24)
    expect(parseExtendHours(' 8760 ')).toBe(8760)
  })
  it.each(['0', '8761', '1.5', '-3', '', 'ten'])('refuses %j', (text) => expect(parseExtendHours(text)).toBeNull())
})

describe('maintenanceText', () => {
  it('trims one line', () => expect(maintenanceText('  机房维护  ')).toBe('机房维护'))
  it('refuses empty, multi-line and overlong text', () => {
    expect(maintenanceText('   ')).toBeNull()
    expect(maintenanceText('a\nb')).toBeNull()
    expect(maintenanceText('维'.repeat(201))).toBeNull()
    expect(maintenanceText('维'.repeat(200))).toBe('维'.repeat(200))
  })
})
