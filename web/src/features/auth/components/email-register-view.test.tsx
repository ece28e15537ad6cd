import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

interface Backend {
  exists?: boolean | 'error'
  sendCode?: () => Response
  register?: () => Response
}

function serve({ exists = false, sendCode, register }: Backend = {}) {
  const calls = { check: [] as unknown[], sendCode: [] as unknown[], register: [] as unknown[] }
  server.use(
    http.post('/api/auth/email/check', async ({ request }) => {
      calls.check.push(await request.json())
      return exists === 'error' ? apiError(500, 'INTERNAL_ERROR') : HttpResponse.json({ exists })
    }),
    http.post('/api/auth/email/send-code', async ({ request }) => {
      calls.sendCode.push(await request.json())
      return sendCode ? sendCode() : HttpResponse.json({ sent: true, resendAfter: 60, expiresIn: 600 })
    }),
    http.post('/api/auth/email/register', async ({ request }) => {
      calls.register.push(await request.json())
      return register
        ? register()
        : HttpResponse.json({ token: 'bind.jwt.x', tokenType: 'bind', email: 'new@example.com' }, { status: 201 })
    }),
  )
  return calls
}

async function openRegister() {
  const rendered = await renderApp('/vip')
  const { user } = rendered
  await user.click(screen.getByRole('button', { name: '登录' }))
  await user.click(await screen.findByRole('button', { name: '邮箱登录' }))
  await user.click(screen.getByRole('button', { name: '没有账号？立即注册' }))
  const dialog = screen.getByRole('dialog', { name: '注册账号' })
  const field = (label: string) => within(dialog).getByLabelText(label)
  return { ...rendered, dialog, field }
}

describe('registration: e-mail check on blur', () => {
  it.each([
    [false, '邮箱可用'],
    [true, '该邮箱已注册'],
    ['error' as const, '检查邮箱失败，请重试'],
  ])('exists=%s says %s', async (exists, text) => {
    const calls = serve({ exists })
    const { user, field } = await openRegister()
    await user.type(field('邮箱'), 'new@example.com')
    await user.tab()
    await waitFor(() => expect(field('邮箱')).toHaveAccessibleDescription(text))
    expect(calls.check).toEqual([{ email: 'new@example.com' }])
  })

  it('checks the pattern first, without calling', async () => {
    const calls = serve()
    const { user, field } = await openRegister()
    await user.type(field('邮箱'), 'a b@c')
    await user.tab()
    expect(field('邮箱')).toHaveAccessibleDescription('请输入有效的邮箱地址')
    expect(field('邮箱')).toBeInvalid()
    expect(calls.check).toEqual([])
  })

  it('forgets the result when the e-mail changes', async () => {
    serve()
    const { user, field } = await openRegister()
    await user.type(field('邮箱'), 'new@example.com')
    await user.tab()
    await waitFor(() => expect(field('邮箱')).toHaveAccessibleDescription('邮箱可用'))
    await user.type(field('邮箱'), 'x')
    expect(field('邮箱')).not.toHaveAccessibleDescription('邮箱可用')
  })
})

describe('registration: fields', () => {
  it('has an e-mail input and a plain new-password pair, without a reveal button', async () => {
    serve()
    const { dialog, field } = await openRegister()
    expect(field('邮箱')).toHaveFocus()
    expect(field('邮箱')).toHaveAttribute('type', 'email')
    expect(field('邮箱')).toHaveAttribute('autocomplete', 'email')
    expect(field('邮箱')).toHaveAttribute('inputmode', 'email')
    for (const label of ['密码', '确认密码']) {
      expect(field(label)).toHaveAttribute('type', 'password')
      expect(field(label)).toHaveAttribute('autocomplete', 'new-password')
    }
    expect(field('密码')).toHaveAccessibleDescription('至少 8 位，可使用字母、数字和常用符号')
    expect(field('确认密码')).not.toHaveAccessibleDescription()
    expect(within(dialog).queryByRole('button', { name: '按住显示密码' })).not.toBeInTheDocument()
  })
})

describe('registration: submit rules', () => {
  it('needs the e-mail verified as available and a code', async () => {
    const calls = serve({ exists: true })
    const { user, field, dialog } = await openRegister()
    await user.click(within(dialog).getByRole('button', { name: '注册' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请先验证邮箱')

    await user.type(field('邮箱'), 'taken@example.com')
    await user.type(field('验证码'), '123456')
    await user.type(field('密码'), 'abcd1234')
    await user.type(field('确认密码'), 'abcd1234')
    await user.click(within(dialog).getByRole('button', { name: '注册' }))
    await waitFor(() => expect(field('邮箱')).toHaveAccessibleDescription('该邮箱已注册'))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请先验证邮箱')
    expect(calls.register).toEqual([])
  })

  it('drops "verify your e-mail first" once the code was sent', async () => {
    serve()
    const { user, field, dialog } = await openRegister()
    await user.type(field('邮箱'), 'new@example.com')
    await user.click(within(dialog).getByRole('button', { name: '注册' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请先验证邮箱')

    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }))
    await waitFor(() => expect(field('验证码')).toHaveAccessibleDescription('验证码已发送，请查收邮件'))
    expect(within(dialog).queryByText('请先验证邮箱')).not.toBeInTheDocument()
  })

  it('needs a code even for an available e-mail', async () => {
    const calls = serve()
    const { user, field, dialog } = await openRegister()
    await user.type(field('邮箱'), 'new@example.com')
    await user.tab()
    await waitFor(() => expect(field('邮箱')).toHaveAccessibleDescription('邮箱可用'))
    await user.type(field('密码'), 'abcd1234')
    await user.type(field('确认密码'), 'abcd1234{Enter}')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请先验证邮箱')
    expect(calls.register).toEqual([])
  })

  it.each([
    ['abc123', 'abc123', '密码', '密码长度至少为 8 位'],
    ['abcd 1234', 'abcd 1234', '密码', '密码只能包含字母、数字和常用符号'],
    ['abcd1234', 'abcd12345', '确认密码', '两次输入的密码不一致'],
  ])('password %j / confirm %j: %s says %s', async (password, confirm, label, text) => {
    const calls = serve()
    const { user, field } = await openRegister()
    await user.type(field('邮箱'), 'new@example.com')
    await user.type(field('验证码'), '123456')
    await user.type(field('密码'), password)
    await user.type(field('确认密码'), `${confirm}{Enter}`)
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(text))
    expect(calls.register).toEqual([])
  })

  it.each([
    ['a translated code', () => apiError(400, 'INVALID_CODE', 'Invalid or expired verification code'), '验证码无效或已过期'],
    ['an unknown code: the server text', () => apiError(409, 'SOMETHING_NEW', 'The server says no'), 'The server says no'],
    ['no error body: the fallback', () => new HttpResponse('oops', { status: 502 }), '注册失败，请重试'],
  ])('shows %s on failure', async (_, register, text) => {
    serve({ register })
    const { user, field, dialog } = await openRegister()
    await user.type(field('邮箱'), 'new@example.com')
    await user.tab()
    await waitFor(() => expect(field('邮箱')).toHaveAccessibleDescription('邮箱可用'))
    await user.type(field('验证码'), '123456')
    await user.type(field('密码'), 'abcd1234')
    await user.type(field('确认密码'), 'abcd1234{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text)
  })
})

describe('registration: send code', () => {
  it.each([
    ['MAIL_FAILED', () => apiError(503, 'MAIL_FAILED', 'Failed to send verification code'), '验证码发送失败'],
    ['a translated code', () => apiError(409, 'EMAIL_ALREADY_REGISTERED', 'Email already registered'), '该邮箱已注册'],
    ['an unknown code', () => apiError(400, 'ODD', 'Odd failure'), 'Odd failure'],
    ['no error body', () => new HttpResponse(null, { status: 500 }), '验证码发送失败'],
  ])('says why sending failed: %s', async (_, sendCode, text) => {
    serve({ sendCode })
    const { user, field, dialog } = await openRegister()
    await user.type(field('邮箱'), 'new@example.com')
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }))
    await waitFor(() => expect(field('验证码')).toHaveAccessibleDescription(text))
    expect(within(dialog).getByRole('button', { name: '发送验证码' })).toBeEnabled()
  })
})

describe('registration with fake timers', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  function useFakeTimers() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // Testing Library flushes its async wrapper with a 0 ms timer and only advances it for `jest`.
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
  }

  /** The countdown schedules its next tick after each render, so time moves one second at a time. */
  const seconds = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000)
      })
    }
  }

  it('disables send-code when empty, while sending and for the 60 s countdown', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const calls = serve()
    // Held until released, to see the button while sending.
    server.use(
      http.post('/api/auth/email/send-code', async ({ request }) => {
        calls.sendCode.push(await request.json())
        await gate
        return HttpResponse.json({ sent: true, resendAfter: 60, expiresIn: 600 })
      }),
    )
    const { field, dialog } = await openRegister()
    const user = useFakeTimers()
    const button = () => within(dialog).getByRole('button', { name: /发送验证码|发送中…|秒后重发/ })

    expect(button()).toHaveTextContent('发送验证码')
    expect(button()).toBeDisabled()
    await user.type(field('邮箱'), 'new@example.com')
    expect(button()).toBeEnabled()

    await user.click(button())
    await waitFor(() => expect(button()).toHaveTextContent('发送中…'))
    expect(button()).toBeDisabled()
    await act(async () => release())
    await waitFor(() => expect(button()).toHaveTextContent('60 秒后重发'))
    expect(button()).toBeDisabled()
    expect(field('验证码')).toHaveAccessibleDescription('验证码已发送，请查收邮件')
    expect(calls.sendCode).toEqual([{ email: 'new@example.com' }])

    await seconds(1)
    expect(button()).toHaveTextContent('59 秒后重发')
    await seconds(58)
    expect(button()).toHaveTextContent('1 秒后重发')
    expect(button()).toBeDisabled()
    await seconds(1)
    expect(button()).toHaveTextContent('发送验证码')
    expect(button()).toBeEnabled()
  })

  it('follows the wait the backend asks for when rate limited', async () => {
    serve({ sendCode: () => apiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests', { retryAfter: 42 }) })
    const { field, dialog } = await openRegister()
    const user = useFakeTimers()
    await user.type(field('邮箱'), 'new@example.com')
    await user.click(within(dialog).getByRole('button', { name: '发送验证码' }))
    await waitFor(() => expect(field('验证码')).toHaveAccessibleDescription('请求过于频繁，请稍后再试'))
    expect(within(dialog).getByRole('button', { name: '42 秒后重发' })).toBeDisabled()
  })

  it('shows the success screen for 5 s, then returns to e-mail login with the address', async () => {
    const calls = serve()
    const { field, dialog } = await openRegister()
    const user = useFakeTimers()
    await user.type(field('邮箱'), 'new@example.com')
    await user.tab()
    await waitFor(() => expect(field('邮箱')).toHaveAccessibleDescription('邮箱可用'))
    await user.type(field('验证码'), ' 123456 ')
    await user.type(field('密码'), 'abcd!234')
    await user.type(field('确认密码'), 'abcd!234')
    await user.click(within(dialog).getByRole('button', { name: '注册' }))

    const status = await within(dialog).findByRole('status')
    expect(status).toHaveTextContent('注册成功！')
    expect(status).toHaveTextContent('5 秒后返回登录…')
    expect(calls.register).toEqual([{ email: 'new@example.com', password: 'abcd!234', code: '123456' }])
    await seconds(4)
    expect(status).toHaveTextContent('1 秒后返回登录…')
    expect(dialog).toHaveAccessibleName('注册账号')
    await seconds(1)
    expect(dialog).toHaveAccessibleName('邮箱登录')
    expect(within(dialog).getByLabelText('邮箱')).toHaveValue('new@example.com')
    expect(within(dialog).getByLabelText('邮箱')).toHaveFocus()
  })
})
