import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ORDER_POLL_MS, POST_PAYMENT_WAIT_SECONDS } from '@/lib/constants'
import { servePaymentEngine, type PaymentEngineOptions } from '@/lib/payments/testing/payment-fixtures'
import { apiError } from '@/testing/auth-fixtures'
import { server as mswServer } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { RENTAL_PRICES } from '../testing/pracc-fixtures'
import { advance, fakeClock, realClock } from '../testing/fake-clock'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

async function openNewServer(options: PraccSetupOptions & { engine?: PaymentEngineOptions } = {}) {
  const engine = servePaymentEngine({ prices: RENTAL_PRICES, ...options.engine })
  const { backend, config } = await setupPracc(options)
  const view = await renderApp('/pracc', { config })
  const open = options.language === 'en' ? 'New server' : '新建服务器'
  await view.user.click(await screen.findByRole('button', { name: open }))
  const dialog = await screen.findByRole('dialog', { name: open })
  return { ...view, backend, engine, dialog }
}

const inDialog = () => within(screen.getByRole('dialog'))
const total = () => inDialog().getByTestId('total-price')
const submit = () => inDialog().getByRole('button', { name: '去支付' })
const duration = () => inDialog().getByRole('combobox', { name: '时长' }) as HTMLSelectElement
const region = (name: string) => inDialog().getByRole('radio', { name }) as HTMLInputElement

/** Fills every field so that only the method is left. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, mode: RegExp = /^固定地区/) {
  await user.type(inDialog().getByRole('textbox', { name: '服务器名称' }), '训练 Team 1')
  await user.type(inDialog().getByRole('textbox', { name: '服务器密码' }), 'abc123')
  await user.click(inDialog().getByRole('radio', { name: mode }))
  await user.click(await inDialog().findByRole('radio', { name: '广州' }))
}

afterEach(() => {
  realClock()
  vi.restoreAllMocks()
})

describe('the new-server dialog', () => {
  it('offers the dedicated tab (training is coming soon), name, password, a 1-month default and the region modes', async () => {
    const { dialog, engine, backend } = await openNewServer()
    const tabs = within(dialog).getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['独立服务器推荐', '训练服务器即将推出'])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    expect(tabs[1]).toHaveAttribute('aria-disabled', 'true')
    expect(duration().value).toBe('720')
    expect(duration().selectedOptions[0]?.textContent).toBe('30 天')
    expect([...duration().options].map((option) => option.textContent)).toEqual([
      '4 小时',
      '8 小时',
      '3 天',
      '7 天',
      '30 天',
      '90 天',
      '1 年',
    ])
    await waitFor(() => expect([...engine.pricing].sort()).toEqual(['server_rental:CNY', 'server_rental:USD']))
    expect(backend.calls('/api/scrim/available-regions').map((call) => call.query)).toEqual(['?relocatable=0'])
  })

  it('keeps the regions closed until a region mode is chosen; sold-out regions cannot be picked, recommended ones are starred', async () => {
    const view = await openNewServer()
    const { user } = view
    await inDialog().findByRole('radio', { name: '上海' })
    expect(inDialog().getByText('请先选择地区模式。')).toBeVisible()
    expect(region('上海')).toBeDisabled()
    expect(region('广州')).toBeDisabled()

    const { backend } = view
    await user.click(inDialog().getByRole('radio', { name: /^灵活地区/ }))
    expect(inDialog().queryByText('请先选择地区模式。')).not.toBeInTheDocument()
    // The premium tier has regions of its own.
    await waitFor(() =>
      expect(backend.calls('/api/scrim/available-regions').map((call) => call.query)).toEqual(['?relocatable=0', '?relocatable=1']),
    )
    expect(region('上海')).toBeEnabled()
    expect(region('北京')).toBeDisabled()
    expect(region('北京')).toHaveAccessibleDescription('已售罄')
    expect(region('广州')).toHaveAccessibleDescription('可用, 推荐')
    const dots = inDialog().getAllByTestId('region-dot')
    expect(dots.filter((dot) => dot.className.includes('bg-zinc-500'))).toHaveLength(1)
    await user.click(region('北京'))
    expect(region('北京')).not.toBeChecked()
    await user.click(region('东京'))
    expect(region('东京')).toBeChecked()
    // The grid is four columns wide on a desktop.
    expect(inDialog().getByTestId('region-grid').className).toMatch(/lg:grid-cols-4/)
  })

  it('checks the name and the password as they are typed', async () => {
    const { user } = await openNewServer()
    const name = inDialog().getByRole('textbox', { name: '服务器名称' })
    const password = inDialog().getByRole('textbox', { name: '服务器密码' })

    await user.type(name, 'team-1')
    expect(name).toHaveAccessibleDescription('只能包含中文、字母、数字和空格')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    await user.clear(name)
    expect(name).toHaveAccessibleDescription('请输入服务器名称')
    await user.type(name, '一二三四五六七八九十一二三四五六七')
    expect(name).toHaveAccessibleDescription('服务器名称最多 16 个字符')
    await user.type(name, '{Backspace}')
    expect(name).not.toHaveAttribute('aria-invalid')

    await user.click(password)
    await user.tab()
    expect(password).toHaveAccessibleDescription('请输入密码')
    await user.type(password, 'abc 123')
    expect(password).toHaveAccessibleDescription('只能包含字母和数字')
    await user.clear(password)
    await user.type(password, 'a'.repeat(17))
    expect(password).toHaveAccessibleDescription('密码最多 16 位')
  })

  it("shows '-' until mode and method are chosen, then the price; PayPal moves short durations to 7 days and bills in dollars", async () => {
    const { user } = await openNewServer()
    await user.selectOptions(duration(), '4')
    expect(total()).toHaveTextContent('-')
    await user.click(inDialog().getByRole('radio', { name: '支付宝' }))
    expect(total()).toHaveTextContent('-')
    await user.click(inDialog().getByRole('radio', { name: /^固定地区/ }))
    await waitFor(() => expect(total()).toHaveTextContent('¥2.80'))
    await user.click(inDialog().getByRole('radio', { name: /^灵活地区/ }))
    expect(total()).toHaveTextContent('¥3.80')

    await user.click(inDialog().getByRole('radio', { name: 'PayPal' }))
    expect(duration().value).toBe('168')
    const disabled = [...duration().options].filter((option) => option.disabled).map((option) => option.textContent)
    expect(disabled).toEqual(['4 小时', '8 小时', '3 天'])
    expect(total()).toHaveTextContent('$25.20')
    await user.selectOptions(duration(), '720')
    expect(total()).toHaveTextContent('$108.00')

    await user.click(inDialog().getByRole('radio', { name: '微信支付' }))
    expect([...duration().options].every((option) => !option.disabled)).toBe(true)
    expect(total()).toHaveTextContent('¥684.00')
  })

  it("reads Error with 'Invalid price configuration' when no price matches, and cannot be sent", async () => {
    const { user } = await openNewServer({ engine: { prices: { CNY: [{ duration: 720, relocatable: false, amount: 30 }], USD: [] } } })
    await fillForm(user, /^灵活地区/)
    await user.click(inDialog().getByRole('radio', { name: '支付宝' }))
    await waitFor(() => expect(total()).toHaveTextContent('Error'))
    expect(inDialog().getByText('价格配置无效（Invalid price configuration）')).toBeVisible()
    expect(submit()).toBeDisabled()
    await user.click(inDialog().getByRole('radio', { name: /^固定地区/ }))
    expect(total()).toHaveTextContent('¥30.00')
    expect(submit()).toBeEnabled()
  })

  it('keeps submit disabled until name, password, region mode, region and method are all set and valid', async () => {
    const { user } = await openNewServer()
    await user.click(inDialog().getByRole('radio', { name: '支付宝' }))
    expect(submit()).toBeDisabled()
    await user.type(inDialog().getByRole('textbox', { name: '服务器名称' }), 'Team')
    await user.type(inDialog().getByRole('textbox', { name: '服务器密码' }), 'abc123')
    expect(submit()).toBeDisabled()
    await user.click(inDialog().getByRole('radio', { name: /^固定地区/ }))
    expect(submit()).toBeDisabled()
    await user.click(await inDialog().findByRole('radio', { name: '东京' }))
    await waitFor(() => expect(submit()).toBeEnabled())
    await user.type(inDialog().getByRole('textbox', { name: '服务器密码' }), '!')
    expect(submit()).toBeDisabled()
  })

  it('buys a server: the order as the spec sends it, the WeChat code with the countdown, then "server creating" whose confirm waits 180 s, closes and reloads the list', async () => {
    const { engine, backend } = await openNewServer()
    const user = fakeClock()
    await fillForm(user, /^灵活地区/)
    await user.click(inDialog().getByRole('radio', { name: '微信支付' }))
    await waitFor(() => expect(total()).toHaveTextContent('¥684.00'))
    await user.click(submit())

    expect(await inDialog().findByTitle('微信支付二维码')).toBeInTheDocument()
    expect(inDialog().getByRole('timer', { name: '剩余支付时间' })).toHaveTextContent('8:00')
    expect(engine.orders[0]?.body).toEqual({
      currency: 'CNY',
      productType: 'server_rental',
      productId: 'new_server',
      options: JSON.stringify({
        serverName: '训练 Team 1',
        password: 'abc123',
        region: 'ap-guangzhou',
        duration: 720,
        paymentMethod: 'wechat',
        isRelocatable: true,
        nickname: 'alice',
      }),
    })
    expect(engine.pays).toEqual([{ orderId: 'ord_1', method: 'wechat' }])

    engine.status = 'paid'
    await advance(ORDER_POLL_MS)
    expect(await inDialog().findByText('服务器创建中')).toBeVisible()
    const confirm = inDialog().getByRole('button', { name: `确定（${POST_PAYMENT_WAIT_SECONDS} 秒）` })
    expect(confirm).toBeDisabled()
    const listCalls = backend.calls('/api/scrim/getUserServers').length
    await advance((POST_PAYMENT_WAIT_SECONDS - 1) * 1000)
    expect(inDialog().getByRole('button', { name: '确定（1 秒）' })).toBeDisabled()
    await advance(1000)
    await user.click(inDialog().getByRole('button', { name: '确定' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(backend.calls('/api/scrim/getUserServers').length).toBe(listCalls + 1))
  })

  it('a failure that speaks of a timeout puts a retry in the submit button\'s place; retry gives the form back', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user } = await openNewServer({ engine: { orderError: [504, 'UPSTREAM_TIMEOUT'] } })
    await fillForm(user)
    await user.click(inDialog().getByRole('radio', { name: '支付宝' }))
    vi.spyOn(window, 'open').mockImplementation(() => null)
    await waitFor(() => expect(submit()).toBeEnabled())
    await user.click(submit())
    expect(await inDialog().findByRole('alert')).toHaveTextContent('创建订单或获取支付链接失败（Payment failed），请重试。')
    expect(inDialog().queryByRole('button', { name: '去支付' })).not.toBeInTheDocument()
    await user.click(inDialog().getByRole('button', { name: '重试' }))
    expect(submit()).toBeEnabled()
    expect(inDialog().queryByRole('alert')).not.toBeInTheDocument()
    expect(inDialog().getByRole('textbox', { name: '服务器名称' })).toHaveValue('训练 Team 1')
  })

  it('any other failure shows the payment error and gives the form back as it was', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, engine } = await openNewServer({ engine: { orderError: [502, 'PAYMENT_PROVIDER_ERROR'] } })
    await fillForm(user)
    await user.click(inDialog().getByRole('radio', { name: '微信支付' }))
    await waitFor(() => expect(submit()).toBeEnabled())
    await user.click(submit())
    expect(await inDialog().findByRole('alert')).toHaveTextContent('支付服务暂时无法连接，请稍后再试。')
    expect(submit()).toBeEnabled()
    expect(engine.pays).toEqual([])
  })

  it("the backend's refusals of a rental order read in the rental's words", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user } = await openNewServer({ engine: { orderError: [409, 'TOO_MANY_SERVERS'] } })
    await fillForm(user)
    await user.click(inDialog().getByRole('radio', { name: '微信支付' }))
    await waitFor(() => expect(submit()).toBeEnabled())
    await user.click(submit())
    const alert = await inDialog().findByRole('alert')
    expect(alert).toHaveTextContent('创建订单或获取支付链接失败（Payment failed），请重试。')
    expect(alert).toHaveTextContent('你的使用中服务器数量已达上限。')
    expect(submit()).toBeEnabled()

    // A refused field names the spec's message key.
    mswServer.use(
      http.post('/api/payment/orders', () =>
        apiError(422, 'VALIDATION_FAILED', 'The server name may hold Chinese characters, letters, digits and spaces', {
          field: 'serverName',
          key: 'nameInvalid',
        }),
      ),
    )
    await user.click(submit())
    await waitFor(() => expect(inDialog().getByRole('alert')).toHaveTextContent('只能包含中文、字母、数字和空格'))
  })

  it('closing clears the form', async () => {
    const { user } = await openNewServer()
    await user.type(inDialog().getByRole('textbox', { name: '服务器名称' }), 'Draft')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '新建服务器' }))
    expect(await inDialog().findByRole('textbox', { name: '服务器名称' })).toHaveValue('')
  })

  it('speaks English too', async () => {
    const { dialog, user } = await openNewServer({ language: 'en' })
    expect(within(dialog).getByRole('textbox', { name: 'Server name' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: /^Fixed region/ }))
    expect(await within(dialog).findByRole('radio', { name: 'Shanghai' })).toBeEnabled()
    expect(within(dialog).getByRole('button', { name: 'Pay now' })).toBeDisabled()
    await act(() => i18next.changeLanguage('zh'))
  })
})
