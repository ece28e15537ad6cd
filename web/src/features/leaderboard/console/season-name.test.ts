import { describe, expect, it } from 'vitest'
import { seasonName } from './season-name'

describe('seasonName', () => {
  it('trims', () => expect(seasonName('  S3 夏季赛 ')).toBe('S3 夏季赛'))
  it('takes 32 characters, counted as code points', () => expect(seasonName('赛'.repeat(32))).toBe('赛'.repeat(32)))
  it('refuses empty and overlong names', () => {
    expect(seasonName('   ')).toBeNull()
    expect(seasonName('x'.repeat(33))).toBeNull()
  })
})
