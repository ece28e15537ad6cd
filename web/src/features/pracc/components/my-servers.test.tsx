import { act, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '@/lib/storage'
import { formatDateTimeGmt8 } from '@/lib/format'
import { servePaymentEngine } from '@/lib/payments/testing/payment-fixtures'
import { renderApp } from '@/testing/render-app'
import { expiringIn, inDays, RENTAL_PRICES, serverJson } from '../testing/pracc-fixtures'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

async function renderPracc(options: PraccSetupOptions & { width?: number } = {}) {
  const { backend, config } = await setupPracc(options)
  return { ...(await renderApp('/pracc', { config, width: options.width })), backend }
}

const section = () => screen.getByRole('region', { name: '我的服务器' })
const cards = () => within(section()).queryAllByTestId('server-card')
const card = (name: string) => screen.getByRole('article', { name })

describe('My servers', () => {
  it('shows a visitor a blurred stand-in and asks them to log in; nothing is fetched', async () => {
    const { backend, user, location } = await renderPracc({ visitor: true })
    const mock = within(section()).getByTestId('visitor-mock-list')
    expect(mock).toHaveAttribute('aria-hidden', 'true')
    expect(mock.className).toMatch(/blur/)
    expect(within(section()).getByRole('heading', { name: '需要登录' })).toBeVisible()
    expect(within(section()).getByText('请先登录，即可查看和租用你的训练服务器。')).toBeVisible()
    expect(within(section()).queryByRole('button', { name: '新建服务器' })).not.toBeInTheDocument()
    expect(backend.requests).toEqual([])
    // The page opens the shell's login dialog in place (it stays on /pracc).
    await user.click(within(section()).getByRole('button', { name: '登录' }))
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument()
    expect(location().pathname).toBe('/pracc')
  })

  it("a card's button opens its dialog, loaded on first use", async () => {
    const { user } = await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Alpha', ...inDays(10) })] } })
    const alpha = await within(section()).findByRole('article', { name: 'Alpha' })
    await user.click(within(alpha).getByRole('button', { name: '修改密码' }))
    const dialog = await screen.findByRole('dialog', { name: '修改密码' })
    expect(within(dialog).getByLabelText('新密码')).toBeVisible()
  })

  it('hints to create a server when the list is empty', async () => {
    await renderPracc({ answers: { servers: [] } })
    expect(await within(section()).findByText('还没有服务器')).toBeVisible()
    expect(within(section()).getByText('点击“新建服务器”，创建你的第一台训练服务器。')).toBeVisible()
  })

  it('lists active servers, then the expired ones below a divider; relocated records are hidden', async () => {
    const { backend } = await renderPracc({
      answers: {
        servers: [
          serverJson({ instance_name: 'Alpha', ...inDays(10) }),
          serverJson({ instance_name: 'Old', ...inDays(-3) }),
          serverJson({ instance_name: 'Moved away', relocated: 1 }),
          serverJson({ instance_name: 'Beta', ...inDays(1) }),
          serverJson({ instance_name: 'No date', expiredate: null, timestamp: null }),
        ],
      },
    })
    const active = await screen.findByRole('list', { name: '使用中的服务器（2）' })
    expect(within(active).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Alpha', 'Beta'])
    const expired = screen.getByRole('list', { name: '已过期的服务器（2）' })
    expect(within(expired).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Old', 'No date'])
    expect(screen.queryByText('Moved away')).not.toBeInTheDocument()
    expect(cards()).toHaveLength(4)
    expect(backend.calls('/api/scrim/getUserServers')[0]?.method).toBe('GET')
  })

  it('a card shows the region in the UI language, the role, the id and the expiry in GMT+8, 24 h', async () => {
    const owned = serverJson({ instance_name: 'Mine', region: 'eu-frankfurt', instance_id: 'ins-abc', ...expiringIn(5 * 86400) })
    const joined = serverJson({ instance_name: 'Theirs', isOwner: false, region: 'ap-chongqing' })
    await renderPracc({ answers: { servers: [owned, joined] } })
    const mine = await screen.findByRole('article', { name: 'Mine' })
    expect(mine).toHaveTextContent('法兰克福')
    expect(mine).toHaveTextContent('所有者')
    expect(mine).toHaveTextContent('ins-abc')
    expect(mine).toHaveTextContent(formatDateTimeGmt8(owned.timestamp * 1000))
    expect(formatDateTimeGmt8(owned.timestamp * 1000)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    expect(card('Theirs')).toHaveTextContent('重庆')
    expect(card('Theirs')).toHaveTextContent('成员')

    await act(() => i18next.changeLanguage('en'))
    expect(card('Mine')).toHaveTextContent('Frankfurt')
    expect(card('Mine')).toHaveTextContent('Owner')
    expect(card('Theirs')).toHaveTextContent('Member')
  })

  it('colours the status dot by status and pulses it, except the still red dot of an expired server', async () => {
    await renderPracc({
      answers: {
        servers: [
          serverJson({ instance_name: 'run', status: 'RUNNING' }),
          serverJson({ instance_name: 'new', status: 'CREATING' }),
          serverJson({ instance_name: 'move', status: 'SWITCHING' }),
          serverJson({ instance_name: 'gone', status: 'TERMINATING' }),
          serverJson({ instance_name: 'odd', status: 'STOPPED' }),
          serverJson({ instance_name: 'late', status: 'RUNNING', ...inDays(-1) }),
        ],
      },
    })
    await screen.findByRole('article', { name: 'run' })
    const dot = (name: string) => within(card(name)).getByTestId('status-dot')
    expect(dot('run')).toHaveAttribute('data-tone', 'green')
    expect(dot('new')).toHaveAttribute('data-tone', 'blue')
    expect(dot('move')).toHaveAttribute('data-tone', 'indigo')
    expect(dot('gone')).toHaveAttribute('data-tone', 'red')
    expect(dot('odd')).toHaveAttribute('data-tone', 'yellow')
    for (const name of ['run', 'new', 'move', 'gone', 'odd']) expect(dot(name)).toHaveAttribute('data-pulse', 'true')
    expect(dot('late')).toHaveAttribute('data-tone', 'red')
    expect(dot('late')).toHaveAttribute('data-pulse', 'false')
    expect(dot('run')).toHaveTextContent('状态：运行中')
    expect(dot('late')).toHaveTextContent('状态：已过期')
  })

  it('lists the five notices in the info tooltip', async () => {
    const { user } = await renderPracc()
    await user.hover(within(section()).getByRole('button', { name: '注意事项' }))
    const tooltip = await screen.findByRole('tooltip')
    const items = within(tooltip).getAllByRole('listitem')
    expect(items).toHaveLength(5)
    expect(items[0]).toHaveTextContent('5-10 分钟')
    expect(items[3]).toHaveTextContent('GMT+8')
    expect(items[4]).toHaveTextContent('创意工坊')
  })

  it('a failed list says so and can be asked again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { backend, user } = await renderPracc({ answers: { servers: { error: [500, 'INTERNAL_ERROR'] } } })
    const alert = await within(section()).findByRole('alert')
    expect(alert).toHaveTextContent('获取服务器列表失败')
    backend.answers.servers = [serverJson({ instance_name: 'Back' })]
    await user.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('article', { name: 'Back' })).toBeInTheDocument()
  })

  it('a 401 from the list removes the token, ends the session and says the login expired', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderPracc({ answers: { servers: { error: [401, 'UNAUTHORIZED', 'Unauthorized'] } } })
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull())
    expect(await within(section()).findByText('登录信息已过期，请重新登录')).toBeVisible()
    expect(within(section()).getByTestId('visitor-mock-list')).toBeInTheDocument()
  })

  it('fits a 390 px phone: cards take the full width and the new-server dialog scrolls inside the screen', async () => {
    servePaymentEngine({ prices: RENTAL_PRICES })
    const { user } = await renderPracc({ width: 390, answers: { servers: [serverJson({ instance_name: 'Phone' })] } })
    const phone = await screen.findByRole('article', { name: 'Phone' })
    expect(phone.className).toMatch(/(^| )w-full( |$)/)
    expect(phone.className).toMatch(/sm:w-\[500px\]/)
    expect(phone.closest('li')?.className).toMatch(/(^| )w-full( |$)/)
    await user.click(screen.getByRole('button', { name: '新建服务器' }))
    const dialog = await screen.findByRole('dialog', { name: '新建服务器' })
    expect(dialog.className).toMatch(/max-h-\[calc\(100dvh-2rem\)\]/)
    expect(dialog.className).toMatch(/overflow-y-auto/)
    expect(dialog.className).toMatch(/max-w-\[800px\]/)
    expect(dialog.className).toMatch(/w-\[calc\(100vw-2rem\)\]/)
  })
})
