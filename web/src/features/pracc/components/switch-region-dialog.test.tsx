import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HOLD_TO_CONFIRM_MS } from '@/lib/constants'
import { renderApp } from '@/testing/render-app'
import { advance, fakeClock, realClock } from '../testing/fake-clock'
import { serverJson } from '../testing/pracc-fixtures'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

async function openSwitch(options: PraccSetupOptions = {}) {
  const { backend, config } = await setupPracc({
    answers: { servers: [serverJson({ instance_name: 'Team', instance_id: 'ins-r', region: 'ap-tokyo' })], ...options.answers },
  })
  const view = await renderApp('/pracc', { config })
  const card = await screen.findByRole('article', { name: 'Team' })
  await view.user.click(within(card).getByRole('button', { name: '切换地区' }))
  const dialog = await screen.findByRole('dialog', { name: '切换地区' })
  await within(dialog).findAllByRole('radio')
  return { ...view, backend, dialog }
}

const regionNames = (dialog: HTMLElement) => within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.title)

/**
 * Holds the confirm button down for 2 s. The clocks stay fake afterwards (React Query's updates go
 * through them too): go on with the user-event it returns.
 */
async function holdConfirm(dialog: HTMLElement, name: string | RegExp) {
  const button = within(dialog).getByRole('button', { name })
  const user = fakeClock()
  fireEvent.pointerDown(button, { button: 0 })
  await advance(HOLD_TO_CONFIRM_MS)
  fireEvent.pointerUp(button)
  return user
}

afterEach(() => {
  realClock()
  vi.restoreAllMocks()
})

describe('switch region', () => {
  it('orders the current region first, then the recommended ones, and filters by group', async () => {
    const { user, dialog } = await openSwitch()
    expect(dialog).toHaveTextContent('当前地区：东京')
    expect(regionNames(dialog)).toEqual(['东京', '广州', '法兰克福', '上海', '北京', '弗吉尼亚', '南京'])
    await user.click(within(dialog).getByRole('button', { name: '中国' }))
    expect(within(dialog).getByRole('button', { name: '中国' })).toHaveAttribute('aria-pressed', 'true')
    expect(regionNames(dialog)).toEqual(['广州', '上海', '北京'])
    await user.click(within(dialog).getByRole('button', { name: '亚洲' }))
    expect(regionNames(dialog)).toEqual(['东京', '南京'])
    await user.click(within(dialog).getByRole('button', { name: '欧洲' }))
    expect(regionNames(dialog)).toEqual(['法兰克福'])
    await user.click(within(dialog).getByRole('button', { name: '美洲' }))
    expect(regionNames(dialog)).toEqual(['弗吉尼亚'])
    await user.click(within(dialog).getByRole('button', { name: '全部' }))
    expect(regionNames(dialog)).toHaveLength(7)
  })

  it('asks for the regions of the premium tier (only premium servers switch)', async () => {
    const { backend } = await openSwitch()
    expect(backend.calls('/api/scrim/available-regions').map((call) => call.query)).toEqual(['?relocatable=1'])
  })

  it('the current and sold-out regions cannot be the target; nothing can be confirmed without one', async () => {
    const { dialog } = await openSwitch()
    expect(within(dialog).getByRole('radio', { name: '东京' })).toBeDisabled()
    expect(within(dialog).getByRole('radio', { name: '东京' })).toHaveAccessibleDescription('可用, 当前')
    expect(within(dialog).getByRole('radio', { name: '北京' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: '切换地区' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('a 2 s hold on the target switches; the success message\'s confirm closes and reloads the list', async () => {
    const { user, dialog, backend } = await openSwitch()
    await user.click(within(dialog).getByRole('radio', { name: '法兰克福' }))
    const clock = await holdConfirm(dialog, '切换到法兰克福')
    expect(await within(dialog).findByText('已开始切换地区')).toBeVisible()
    expect(dialog).toHaveTextContent('Team 正在迁移到法兰克福，大约需要 5-10 分钟。')
    expect(backend.calls('/api/scrim/server/ins-r/switch-region')).toEqual([
      { method: 'POST', path: '/api/scrim/server/ins-r/switch-region', body: { targetRegion: 'eu-frankfurt' } },
    ])
    const before = backend.calls('/api/scrim/getUserServers').length
    await clock.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(backend.calls('/api/scrim/getUserServers').length).toBe(before + 1))
  })

  it.each([
    ['as an error answer', { error: [429, 'SWITCH_LIMIT_EXCEEDED', 'Switch region limit exceeded'] }],
    ['as success false', { success: false, error: 'Switch region limit exceeded' }],
  ])('the daily limit (%s) reads as the limit message', async (_label, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openSwitch({ answers: { switchRegion: answer } })
    await user.click(within(dialog).getByRole('radio', { name: '上海' }))
    await holdConfirm(dialog, '切换到上海')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('切换次数已达上限（每天 2 次）')
  })

  it("other failures show the server's text, else the switch error", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog, backend } = await openSwitch({
      answers: { switchRegion: { error: [409, 'REGION_BUSY', 'Region is busy, try later'] } },
    })
    await user.click(within(dialog).getByRole('radio', { name: '上海' }))
    await holdConfirm(dialog, '切换到上海')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Region is busy, try later')
    backend.answers.switchRegion = { error: [502, 'HTTP_502', 'Bad Gateway'] }
    realClock()
    await holdConfirm(dialog, '切换到上海')
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('切换地区失败'))
  })

  it("a refusal the rental knows is shown in the user's language, not the backend's English", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openSwitch({
      answers: { switchRegion: { error: [409, 'SERVER_BUSY_STATE', 'The server is restarting: try again when it is running'] } },
    })
    await user.click(within(dialog).getByRole('radio', { name: '上海' }))
    await holdConfirm(dialog, '切换到上海')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('服务器正在执行其他任务，请在运行中时再试。')
  })

  it('a failed region list says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { backend, config } = await setupPracc({
      answers: { servers: [serverJson({ instance_name: 'Team' })], regions: { error: [500, 'INTERNAL_ERROR'] } },
    })
    const { user } = await renderApp('/pracc', { config })
    await user.click(within(await screen.findByRole('article', { name: 'Team' })).getByRole('button', { name: '切换地区' }))
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('地区加载失败')
    expect(backend.calls('/api/scrim/available-regions')).toHaveLength(1)
  })
})
