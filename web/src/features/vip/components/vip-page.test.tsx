import { act, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { logout, startSession } from '@/lib/session'
import { VIP_STATUS_CHANGED_EVENT, type VipStatus } from '@/lib/memberships/vip-status'
import { ALICE, jwtExpiringIn, storeSession } from '@/testing/auth-fixtures'
import { configWith } from '@/testing/fixtures'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'
import { deferred, servePrivileges, serveVipStatus, SORTED_CONTENTS } from '../testing/vip-fixtures'

beforeAll(preloadAuthChunks)

const selfPayButton = () => screen.getByRole('button', { name: '立即订阅' })
const table = () => screen.getByRole('table', { name: '各用户组的特权对比' })
const payDialog = () => screen.getByRole('dialog', { name: 'VIP 订阅' })
const frame = (title = 'VIP 支付页面') => within(payDialog()).getByTitle(title) as HTMLIFrameElement

/** The table's rows as text: the privilege, then each group's access word. */
function rowsOf(t: HTMLElement): string[][] {
  return within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent ?? '',
      ...within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    ])
}

async function tableLoaded() {
  await waitFor(() => expect(within(table()).getAllByRole('row').length).toBeGreaterThan(1))
}

/** Records every vipStatusChanged event of each test of the calling describe block. */
function captureVipEvents(): VipStatus[] {
  const seen: VipStatus[] = []
  const listener = (event: Event) => seen.push((event as CustomEvent<VipStatus>).detail)
  beforeEach(() => {
    seen.length = 0
    window.addEventListener(VIP_STATUS_CHANGED_EVENT, listener)
  })
  afterEach(() => window.removeEventListener(VIP_STATUS_CHANGED_EVENT, listener))
  return seen
}

describe('logged out', () => {
  it('asks to log in: notice with a login button, self-pay disabled with its hint', async () => {
    servePrivileges()
    const { user } = await renderApp('/vip')
    expect(screen.getByRole('heading', { level: 1, name: 'VIP 订阅' })).toBeVisible()
    const notice = screen.getByRole('region', { name: '请先登录' })
    expect(notice).toHaveTextContent('登录后即可为自己订阅 VIP')

    const selfPay = screen.getByRole('listitem', { name: '为自己订阅' })
    expect(within(selfPay).getByText('推荐')).toBeVisible()
    expect(selfPayButton()).toBeDisabled()
    expect(selfPayButton()).toHaveAccessibleDescription('请先登录后再为自己订阅')
    await user.click(selfPayButton())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(within(notice).getByRole('button', { name: '立即登录' }))
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeVisible()
  })

  it('the VIP card is always enabled and opens the store in a new tab', async () => {
    servePrivileges()
    await renderApp('/vip')
    const store = within(screen.getByRole('listitem', { name: '购买 VIP 卡' })).getByRole('link', {
      name: '前往商店（在新标签页打开）',
    })
    expect(store).toHaveAttribute('href', 'https://store.example.com/vip')
    expect(store).toHaveAttribute('target', '_blank')
    expect(store).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('still shows the privilege table (public information)', async () => {
    servePrivileges()
    await renderApp('/vip')
    await tableLoaded()
    expect(rowsOf(table())).toHaveLength(4)
  })
})

describe('privilege table', () => {
  it('loads in the current language with a spinner, then lists rows by order and groups by order', async () => {
    const hold = deferred()
    const calls = servePrivileges({ delay: hold.promise })
    await renderApp('/vip')
    const section = screen.getByRole('region', { name: '特权对比' })
    expect(within(section).getByText('正在加载特权…')).toBeVisible()
    expect(section).toHaveAttribute('aria-busy', 'true')
    hold.release()
    await tableLoaded()
    expect(section).toHaveAttribute('aria-busy', 'false')
    expect(screen.queryByText('正在加载特权…')).not.toBeInTheDocument()
    expect(calls).toEqual([{ language: 'zh' }])

    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['特权', '普通', 'VIP', 'PRO', 'KOL', '管理员'])
    expect(rowsOf(table())).toEqual([
      ['预留位置', '禁止', '允许', '允许', '允许', '允许'],
      ['自定义聊天标签', '可选', '允许', '允许', '允许', '禁止'],
      ['皮肤修改', '禁止', '可选', '允许', '禁止', '禁止'],
      ['投票踢人豁免', '禁止', '禁止', '允许', '允许', '允许'],
    ])
    expect(rowsOf(table()).map((row) => row[0])).toEqual(SORTED_CONTENTS)
    // The words are for screen readers; the symbols are what the eye sees.
    const reserved = within(table()).getByRole('row', { name: /^预留位置/ })
    expect(within(reserved).getAllByText('允许')[0]).toHaveClass('sr-only')
    expect(reserved.querySelectorAll('[data-access="allowed"] svg')).toHaveLength(4)
  })

  it('explains the three symbols in a legend', async () => {
    servePrivileges()
    await renderApp('/vip')
    const legend = screen.getByText('完全拥有').closest('dl')!
    expect(legend).toHaveAccessibleName('图例')
    const terms = within(legend).getAllByRole('term').map((term) => term.textContent)
    const meanings = within(legend).getAllByRole('definition').map((d) => d.textContent)
    expect(terms).toEqual(['允许', '可选', '禁止'])
    expect(meanings).toEqual(['完全拥有', '部分拥有或开发中', '没有此权限'])
  })

  it('asks in English when the page is in English', async () => {
    await i18next.changeLanguage('en')
    const calls = servePrivileges()
    await renderApp('/vip')
    await waitFor(() => expect(calls).toEqual([{ language: 'en' }]))
    expect(await screen.findByRole('table', { name: 'Privileges of each user group' })).toBeVisible()
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Privilege',
      'Normal',
      'VIP',
      'PRO',
      'KOL',
      'Admin',
    ])
  })

  it('a failed fetch is only logged: the table stays empty, no error is shown', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    servePrivileges({ answer: 'error' })
    await renderApp('/vip')
    await waitFor(() => expect(within(table()).getByText('暂无特权信息')).toBeVisible())
    expect(errors.mock.calls.some(([message]) => message === 'Failed to fetch privileges')).toBe(true)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(within(table()).queryAllByRole('rowheader')).toHaveLength(0)
  })

  it('desktop: the privilege and the group headings explain themselves in tooltips, by pointer and keyboard', async () => {
    servePrivileges()
    const { user } = await renderApp('/vip')
    await tableLoaded()
    expect(within(table()).queryByRole('button', { name: /详情/ })).not.toBeInTheDocument()

    await user.hover(within(table()).getByText('预留位置'))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('服务器满员时也能进入')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument())

    await user.hover(within(table()).getByText('KOL'))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('主播与社区知名玩家')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument())

    // A privilege without a detail has nothing to explain and is not a stop for the keyboard.
    expect(within(table()).getByText('自定义聊天标签')).not.toHaveAttribute('tabindex')
    within(table()).getByText('皮肤修改').focus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('在服务器内使用 !ws 更换皮肤')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument())
  })

  it('below 1024 px: a details column opens a dialog with every group\'s access in words', async () => {
    servePrivileges()
    const { user } = await renderApp('/vip', { width: 390 })
    await tableLoaded()
    expect(within(table()).getAllByRole('columnheader').at(-1)).toHaveTextContent('详情')
    expect(within(table()).getByText('预留位置')).not.toHaveAttribute('tabindex')

    const open = within(table()).getByRole('button', { name: '查看「皮肤修改」的详情' })
    await user.click(open)
    const dialog = screen.getByRole('dialog', { name: '皮肤修改' })
    expect(dialog).toHaveAccessibleDescription('在服务器内使用 !ws 更换皮肤')
    const items = within(within(dialog).getByRole('list', { name: '各用户组的权限' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '普通所有玩家的默认身份禁止',
      'VIP订阅了 VIP 的玩家可选',
      'PRO经过认证的职业选手允许',
      'KOL主播与社区知名玩家禁止',
      '管理员服务器管理员禁止',
    ])
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(open).toHaveFocus()
  })
})

describe('self-pay dialog', () => {
  const events = captureVipEvents()

  it('frames the checkout for the logged-in user, in the chosen theme, with focus inside', async () => {
    storeSession()
    servePrivileges()
    const { user } = await renderApp('/vip')
    expect(screen.queryByRole('region', { name: '请先登录' })).not.toBeInTheDocument()
    expect(selfPayButton()).toBeEnabled()
    await user.click(selfPayButton())

    expect(payDialog()).toHaveAccessibleDescription(/^为 alice 订阅 VIP/)
    expect(payDialog().contains(document.activeElement)).toBe(true)
    expect(frame().src).toBe(
      'https://pay.example.com/vip?username=alice&steamid=76561198000000001' +
        '&servername=CS2%20%E7%A4%BE%E5%8C%BA%E9%97%A8%E6%88%B7&theme=dark',
    )
    const dark = within(payDialog()).getByRole('button', { name: '深色' })
    const light = within(payDialog()).getByRole('button', { name: '浅色' })
    expect(within(payDialog()).getByRole('group', { name: '支付页面主题' })).toContainElement(dark)
    expect(dark).toHaveAttribute('aria-pressed', 'true')
    await user.click(light)
    expect(light).toHaveAttribute('aria-pressed', 'true')
    expect(new URL(frame().src).searchParams.get('theme')).toBe('light')
  })

  it('passes the guest label when the account has no name', async () => {
    storeSession({ user: { ...ALICE, username: '' } })
    servePrivileges()
    const { user } = await renderApp('/vip')
    await user.click(selfPayButton())
    const params = new URL(frame().src).searchParams
    expect(params.get('username')).toBe('游客')
    expect(params.get('steamid')).toBe(ALICE.steamId)
  })

  it('is titled VIP 订阅 in English too, with the English community name', async () => {
    await i18next.changeLanguage('en')
    storeSession()
    servePrivileges()
    const { user } = await renderApp('/vip')
    await user.click(screen.getByRole('button', { name: 'Subscribe now' }))
    expect(payDialog()).toBeVisible()
    expect(new URL(frame('VIP payment page').src).searchParams.get('servername')).toBe('CS2 Community Portal')
  })

  it('says so instead of framing anything when no checkout is configured', async () => {
    storeSession()
    servePrivileges()
    const { user } = await renderApp('/vip', { config: configWith({ links: { vipPay: '' } }) })
    await user.click(selfPayButton())
    expect(within(payDialog()).queryByTitle('VIP 支付页面')).not.toBeInTheDocument()
    // The portal's own checkout loads as the dialog first opens.
    await waitFor(() => expect(payDialog()).toHaveTextContent('在线支付暂未开通'))
  })

  it('closing refetches the VIP status and announces it: the header badge turns VIP', async () => {
    storeSession()
    servePrivileges()
    const calls = serveVipStatus([
      { type: 'none', expireDate: null },
      { type: 'vip', expireDate: '2026-12-31' },
    ])
    const { user } = await renderApp('/vip')
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(screen.queryByTestId('tier-badge')).not.toBeInTheDocument()

    await user.click(selfPayButton())
    await user.click(within(payDialog()).getByRole('button', { name: '关闭' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(selfPayButton()).toHaveFocus()
    await waitFor(() => expect(events).toHaveLength(1))
    expect(calls).toEqual([ALICE.steamId, ALICE.steamId])
    expect(events[0]).toMatchObject({ steamId: ALICE.steamId, type: 'vip', expireDate: '2026-12-31' })
    expect(await screen.findByTestId('tier-badge')).toHaveTextContent('VIP 至 2026年12月31日')
  })

  it('Escape closes it too, and a failed status fetch announces none', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storeSession()
    servePrivileges()
    const calls = serveVipStatus([{ type: 'vip', expireDate: '2026-01-01' }, 'error'])
    const { user } = await renderApp('/vip')
    expect(await screen.findByTestId('tier-badge')).toHaveTextContent('VIP 至 2026年1月1日')
    await user.click(selfPayButton())
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(events).toHaveLength(1))
    expect(calls).toHaveLength(2)
    expect(events[0]).toMatchObject({ steamId: ALICE.steamId, type: 'none' })
    expect(warnings).toHaveBeenCalledWith('Failed to fetch VIP status', expect.anything())
    await waitFor(() => expect(screen.queryByTestId('tier-badge')).not.toBeInTheDocument())
  })

  it('a logout ends the purchase: the dialog closes and stays closed after the next login', async () => {
    storeSession()
    servePrivileges()
    const { user } = await renderApp('/vip')
    await user.click(selfPayButton())
    expect(payDialog()).toBeVisible()
    act(() => logout())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('region', { name: '请先登录' })).toBeVisible()
    expect(selfPayButton()).toBeDisabled()
    act(() => startSession({ user: ALICE, token: jwtExpiringIn(3600) }))
    expect(selfPayButton()).toBeEnabled()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
