import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COPY_FEEDBACK_MS, HOLD_TO_CONFIRM_MS, RESTART_LOCKOUT_MS } from '@/lib/constants'
import { servePaymentEngine } from '@/lib/payments/testing/payment-fixtures'
import { renderApp } from '@/testing/render-app'
import { inDays, RENTAL_PRICES, serverJson } from '../testing/pracc-fixtures'
import { advance, fakeClock, realClock } from '../testing/fake-clock'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

async function renderPracc(options: PraccSetupOptions = {}) {
  const { backend, config } = await setupPracc(options)
  return { ...(await renderApp('/pracc', { config })), backend }
}

const card = (name: string) => screen.getByRole('article', { name })
const button = (name: string, label: string | RegExp) => within(card(name)).getByRole('button', { name: label })
const buttonNames = (name: string) => within(card(name)).getAllByRole('button').map((el) => el.textContent)
const isUsable = (el: HTMLElement) => el.getAttribute('aria-disabled') !== 'true'
const usable = (name: string) =>
  within(card(name))
    .getAllByRole('button')
    .filter(isUsable)
    .map((el) => el.textContent)

afterEach(realClock)

describe('server card buttons', () => {
  it('an owner of a relocatable server has every button, verify and update included', async () => {
    await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Own' })] } })
    await screen.findByRole('article', { name: 'Own' })
    const all = ['复制 IP', '修改密码', '管理员', 'DEMO', '重启', '切换地区', '续费', '校验文件', '更新']
    expect(buttonNames('Own')).toEqual(all)
    expect(usable('Own')).toEqual(all)
  })

  it('a member gets change password and switch region disabled with the owner-only tooltip, and no verify or update', async () => {
    const { user, backend } = await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Team', isOwner: false })] } })
    await screen.findByRole('article', { name: 'Team' })
    expect(buttonNames('Team')).toEqual(['复制 IP', '修改密码', '管理员', 'DEMO', '重启', '切换地区', '续费'])
    expect(usable('Team')).toEqual(['复制 IP', '管理员', 'DEMO', '重启', '续费'])

    await user.tab()
    const password = button('Team', '修改密码')
    act(() => password.focus())
    expect(await screen.findByRole('tooltip')).toHaveTextContent('仅所有者可以执行此操作')
    await user.click(password)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(backend.calls('/api/scrim/change-password')).toEqual([])
  })

  it('a fixed-region server has no switch-region button', async () => {
    await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Fixed', relocatable: 0 })] } })
    await screen.findByRole('article', { name: 'Fixed' })
    expect(buttonNames('Fixed')).not.toContain('切换地区')
  })

  it('an expired card shows copy IP, restart and renew, and only renew works; it opens the renew dialog', async () => {
    servePaymentEngine({ prices: RENTAL_PRICES })
    const { user } = await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Late', ...inDays(-2) })] } })
    await screen.findByRole('article', { name: 'Late' })
    expect(buttonNames('Late')).toEqual(['复制 IP', '重启', '续费'])
    expect(usable('Late')).toEqual(['续费'])
    expect(card('Late')).toHaveAttribute('data-inactive', 'true')
    await user.click(button('Late', '续费'))
    expect(await screen.findByRole('dialog', { name: '续费' })).toBeInTheDocument()
  })

  it('maintenance covers the card with its status and description; nothing on it can be used', async () => {
    await renderPracc({
      answers: {
        servers: [serverJson({ instance_name: 'Fix', maintenance_status: 1, maintenance_text: '机房网络升级，预计 30 分钟' })],
      },
    })
    const overlay = await within(await screen.findByRole('article', { name: 'Fix' })).findByTestId('maintenance-overlay')
    expect(overlay).toHaveTextContent('维护中')
    expect(overlay).toHaveTextContent('运行中')
    expect(overlay).toHaveTextContent('机房网络升级，预计 30 分钟')
    // Every button sits in inert content that ignores the pointer, and is disabled besides.
    const buttons = within(card('Fix')).getAllByRole('button')
    expect(buttons.length).toBeGreaterThan(0)
    for (const el of buttons) {
      expect(el.closest('[inert]')?.className).toMatch(/pointer-events-none/)
      expect(isUsable(el)).toBe(false)
    }
  })

  it('while switching region the card says so and takes no input', async () => {
    await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Move', status: 'SWITCHING' })] } })
    const moving = await screen.findByRole('article', { name: 'Move' })
    expect(moving).toHaveTextContent('正在切换地区，大约需要 5-10 分钟…')
    for (const el of within(moving).getAllByRole('button')) {
      expect(el.closest('[inert]')).not.toBeNull()
      expect(isUsable(el)).toBe(false)
    }
  })

  it('while files are verified the card shows it and restart, switch, verify and update wait', async () => {
    await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Check', status: 'VERIFYING' })] } })
    const checking = await screen.findByRole('article', { name: 'Check' })
    expect(checking).toHaveTextContent('正在校验文件，大约需要 15 分钟…')
    expect(usable('Check')).toEqual(['复制 IP', '修改密码', '管理员', 'DEMO', '续费'])
  })

  it('a server the backend marks expired is expired even before its date (stopped or terminated early)', async () => {
    await renderPracc({
      answers: { servers: [serverJson({ instance_name: 'Early', status: 'STOPPED', isExpired: true, ...inDays(3) })] },
    })
    await screen.findByRole('article', { name: 'Early' })
    expect(screen.getByRole('list', { name: '已过期的服务器（1）' })).toContainElement(card('Early'))
    expect(buttonNames('Early')).toEqual(['复制 IP', '重启', '续费'])
    expect(usable('Early')).toEqual(['续费'])
  })

  it('a terminated server (expired) says so and cannot even be renewed', async () => {
    await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Gone', status: 'TERMINATED', isExpired: true })] } })
    await screen.findByRole('article', { name: 'Gone' })
    expect(within(card('Gone')).getByTestId('status-dot')).toHaveTextContent('状态：已销毁')
    expect(buttonNames('Gone')).toEqual(['复制 IP', '重启', '续费'])
    expect(usable('Gone')).toEqual([])
  })

  it('a server that never came up (refunded) says so and takes no action', async () => {
    await renderPracc({
      answers: { servers: [serverJson({ instance_name: 'Failed', status: 'LAUNCH_FAILED', public_ip: '', ip: '', connect_url: '' })] },
    })
    await screen.findByRole('article', { name: 'Failed' })
    expect(card('Failed')).toHaveTextContent('服务器未能启动，款项已原路退回。')
    expect(card('Failed')).toHaveAttribute('data-inactive', 'true')
    expect(usable('Failed')).toEqual([])
  })

  it('while a server is created it has no address yet: copy waits, the rest works', async () => {
    await renderPracc({
      answers: { servers: [serverJson({ instance_name: 'New', status: 'CREATING', public_ip: '', ip: '', connect_url: '' })] },
    })
    await screen.findByRole('article', { name: 'New' })
    expect(usable('New')).toEqual(['修改密码', '管理员', 'DEMO', '重启', '切换地区', '续费', '校验文件', '更新'])
  })

  it('copies the connect command with the password and says so for 2 s', async () => {
    await renderPracc({
      answers: { servers: [serverJson({ instance_name: 'Copy', ip: '1.2.3.4', server_port: 27016, sv_password: 'abc' })] },
    })
    await screen.findByRole('article', { name: 'Copy' })
    fakeClock()
    fireEvent.click(button('Copy', '复制 IP'))
    // The clipboard answers at once; the feedback shows after that promise.
    await advance(0)
    expect(button('Copy', '已复制')).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe('connect 1.2.3.4:27016; password abc')
    await advance(COPY_FEEDBACK_MS - 1)
    expect(button('Copy', '已复制')).toBeInTheDocument()
    await advance(1)
    expect(button('Copy', '复制 IP')).toBeInTheDocument()
  })
})

describe('hold to confirm and the restart lock', () => {
  it('restart needs a 2 s hold: letting go early does nothing; the full hold restarts and locks the card for 40 s', async () => {
    const { backend } = await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Boot', instance_id: 'ins-boot' })] } })
    await screen.findByRole('article', { name: 'Boot' })
    fakeClock()
    const restart = button('Boot', '重启')
    expect(restart).toHaveAccessibleDescription('按住 2 秒确认（鼠标、触屏、空格键或回车键）')

    fireEvent.pointerDown(restart, { button: 0 })
    await advance(HOLD_TO_CONFIRM_MS / 2)
    expect(Number(restart.getAttribute('data-progress'))).toBeGreaterThanOrEqual(45)
    expect(within(restart).getByTestId('hold-progress').style.width).not.toBe('0%')
    fireEvent.pointerUp(restart)
    expect(restart).toHaveAttribute('data-progress', '0')
    await advance(HOLD_TO_CONFIRM_MS)
    expect(backend.calls('/api/scrim/restart-server')).toEqual([])

    fireEvent.pointerDown(restart, { button: 0 })
    await advance(HOLD_TO_CONFIRM_MS - 100)
    expect(backend.calls('/api/scrim/restart-server')).toEqual([])
    await advance(100)
    fireEvent.pointerUp(restart)
    await vi.waitFor(() =>
      expect(backend.calls('/api/scrim/restart-server')).toEqual([
        { method: 'POST', path: '/api/scrim/restart-server', body: { instance_id: 'ins-boot' } },
      ]),
    )
    expect(card('Boot')).toHaveTextContent('正在重启，大约需要 1-2 分钟…')
    expect(card('Boot')).toHaveAttribute('data-inactive', 'true')
    expect(usable('Boot')).toEqual([])
    expect(screen.getByText('已发送重启请求')).toBeInTheDocument()
    // The list is asked again, to show RESTARTING until the server runs again.
    await vi.waitFor(() => expect(backend.calls('/api/scrim/getUserServers')).toHaveLength(2))

    await advance(RESTART_LOCKOUT_MS - 1000)
    expect(usable('Boot')).toEqual([])
    await advance(1000)
    expect(usable('Boot')).toContain('重启')
    expect(card('Boot')).toHaveAttribute('data-inactive', 'false')
  })

  it('the keyboard holds too: Space held for 2 s restarts; Enter released early does not', async () => {
    const { backend } = await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Keys' })] } })
    await screen.findByRole('article', { name: 'Keys' })
    fakeClock()
    const restart = button('Keys', '重启')
    act(() => restart.focus())

    fireEvent.keyDown(restart, { key: 'Enter' })
    await advance(1500)
    fireEvent.keyUp(restart, { key: 'Enter' })
    await advance(1000)
    expect(backend.calls('/api/scrim/restart-server')).toEqual([])

    fireEvent.keyDown(restart, { key: ' ' })
    // Auto-repeat while held does not start over.
    await advance(1000)
    fireEvent.keyDown(restart, { key: ' ', repeat: true })
    await advance(1000)
    fireEvent.keyUp(restart, { key: ' ' })
    await vi.waitFor(() => expect(backend.calls('/api/scrim/restart-server')).toHaveLength(1))
  })

  it('verify files: held 2 s, asks the backend, says it takes about 15 minutes and reloads the list', async () => {
    const { backend } = await renderPracc({ answers: { servers: [serverJson({ instance_name: 'Files', instance_id: 'ins-f' })] } })
    await screen.findByRole('article', { name: 'Files' })
    backend.answers.servers = [serverJson({ instance_name: 'Files', instance_id: 'ins-f', status: 'VERIFYING' })]
    fakeClock()
    fireEvent.pointerDown(button('Files', '校验文件'), { button: 0 })
    await advance(HOLD_TO_CONFIRM_MS)
    fireEvent.pointerUp(button('Files', '校验文件'))
    await vi.waitFor(() => expect(backend.calls('/api/scrim/server/ins-f/verify')).toHaveLength(1))
    expect(await screen.findByText('Files：大约需要 15 分钟。')).toBeInTheDocument()
    await waitFor(() => expect(card('Files')).toHaveTextContent('正在校验文件，大约需要 15 分钟…'))
    expect(backend.calls('/api/scrim/getUserServers')).toHaveLength(2)
  })
})
