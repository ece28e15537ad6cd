import { describe, expect, it } from 'vitest'
import { buildPayUrl } from './pay-url'

const base = {
  base: 'https://pay.example.com/vip',
  guestLabel: '游客',
  serverName: 'CS2 社区门户',
  theme: 'dark' as const,
}

describe('buildPayUrl', () => {
  it('passes the user, the community and the theme, encoded', () => {
    expect(buildPayUrl({ ...base, username: 'a&b=c d', steamId: '76561198000000001' })).toBe(
      'https://pay.example.com/vip?username=a%26b%3Dc%20d&steamid=76561198000000001' +
        '&servername=CS2%20%E7%A4%BE%E5%8C%BA%E9%97%A8%E6%88%B7&theme=dark',
    )
  })

  it.each([undefined, null, '', '   '])('uses the guest label for a username of %j', (username) => {
    const url = new URL(buildPayUrl({ ...base, username, steamId: undefined, theme: 'light' })!)
    expect(url.searchParams.get('username')).toBe('游客')
    expect(url.searchParams.get('steamid')).toBe('')
    expect(url.searchParams.get('theme')).toBe('light')
  })

  it('appends to a base that has a query already', () => {
    expect(buildPayUrl({ ...base, base: 'https://pay.example.com/?site=7', username: 'x', steamId: '1' })).toMatch(
      /^https:\/\/pay\.example\.com\/\?site=7&username=x&steamid=1&/,
    )
    expect(buildPayUrl({ ...base, base: 'https://pay.example.com/?', username: 'x', steamId: '1' })).toMatch(
      /^https:\/\/pay\.example\.com\/\?username=x&/,
    )
  })

  it('is null without a configured checkout', () => {
    expect(buildPayUrl({ ...base, base: '', username: 'x', steamId: '1' })).toBeNull()
  })
})
