import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

const PAGE = '/reset-password?token=reset-tok&email=me%40example.com&from=app'

function serve(answer: () => Response = () => HttpResponse.json({ reset: true })) {
  const bodies: unknown[] = []
  server.use(
    http.post('/api/auth/email/reset-password/confirm', async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

async function fill(user: Awaited<ReturnType<typeof renderApp>>['user'], password: string, confirm: string) {
  await user.type(screen.getByLabelText('新密码'), password)
  await user.type(screen.getByLabelText('确认新密码'), confirm)
  await user.click(screen.getByRole('button', { name: '重置密码' }))
}

describe('reset password page', () => {
  it.each([
    ['/reset-password?email=me%40example.com'],
    ['/reset-password?token=abc'],
    ['/reset-password?from=app'],
  ])('%s goes to /login (with the missing-parameters banner)', async (path) => {
    const { location } = await renderApp(path)
    expect(await screen.findByRole('dialog', { name: '登录' })).toBeInTheDocument()
    expect(location().pathname).toBe('/login')
    // The navigation error banner is a deferred part: it shows once its chunk has loaded.
    expect(await screen.findByText('缺少必要参数')).toBeInTheDocument()
  })

  it.each([
    ['abc123', 'abc123', '新密码', '密码长度至少为 8 位'],
    ['abcd!234', 'abcd!234', '新密码', '密码只能包含字母和数字'],
    ['abcd1234', 'abcd1235', '确认新密码', '两次输入的密码不一致'],
  ])('refuses %j / %j: %s says %s', async (password, confirm, label, text) => {
    const bodies = serve()
    const { user } = await renderApp(PAGE)
    await screen.findByRole('heading', { level: 1, name: '重置密码' })
    await fill(user, password, confirm)
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(text))
    expect(bodies).toEqual([])
  })

  it('submits email, token and the new password; then opens e-mail login with a toast', async () => {
    const bodies = serve()
    const { user, location } = await renderApp(PAGE)
    expect(await screen.findByText('账号：me@example.com')).toBeInTheDocument()
    await fill(user, 'newPass123', 'newPass123')
    await waitFor(() => expect(location().pathname).toBe('/'))
    expect(bodies).toEqual([{ email: 'me@example.com', token: 'reset-tok', newPassword: 'newPass123' }])
    expect(new URLSearchParams(location().search).get('showEmailLogin')).toBe('true')
    expect(new URLSearchParams(location().search).get('from')).toBe('app')
    const login = await screen.findByRole('dialog', { name: '邮箱登录' })
    expect(within(login).getByLabelText('邮箱')).toHaveValue('me@example.com')
    expect(screen.getByText('密码已重置，请使用新密码登录')).toBeInTheDocument()
  })

  it.each([
    ['HTTP 400 with any code', () => apiError(400, 'BAD_REQUEST'), '密码重置链接已过期或无效'],
    ['RESET_LINK_INVALID', () => apiError(410, 'RESET_LINK_INVALID'), '密码重置链接已过期或无效'],
    ['any other failure', () => apiError(500, 'INTERNAL_ERROR'), '密码重置失败'],
    ['a network failure', () => HttpResponse.error(), '密码重置失败'],
  ])('maps %s', async (_, answer, text) => {
    serve(answer)
    const { user, location } = await renderApp(PAGE)
    await screen.findByRole('heading', { level: 1, name: '重置密码' })
    await fill(user, 'newPass123', 'newPass123')
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
    expect(location().pathname).toBe('/reset-password')
    expect(screen.getByRole('button', { name: '重置密码' })).toBeEnabled()
  })

  it('has a new-password pair, each input with its own reveal button', async () => {
    await renderApp(PAGE)
    await screen.findByRole('heading', { level: 1, name: '重置密码' })
    const password = screen.getByLabelText('新密码')
    const confirm = screen.getByLabelText('确认新密码')
    for (const input of [password, confirm]) {
      expect(input).toHaveAttribute('type', 'password')
      expect(input).toHaveAttribute('autocomplete', 'new-password')
    }
    expect(password).toHaveAccessibleDescription('至少 8 位，只能包含字母和数字')
    expect(confirm).not.toHaveAccessibleDescription()
    expect(screen.getAllByRole('button', { name: '按住显示密码' })).toHaveLength(2)
  })

  it('reveals a password only while its button is held (pointer and keyboard)', async () => {
    const { user } = await renderApp(PAGE)
    await screen.findByRole('heading', { level: 1, name: '重置密码' })
    const input = screen.getByLabelText('新密码')
    const [reveal] = screen.getAllByRole('button', { name: '按住显示密码' })
    await user.type(input, 'secret12')
    expect(input).toHaveAttribute('type', 'password')

    fireEvent.pointerDown(reveal!)
    expect(input).toHaveAttribute('type', 'text')
    expect(reveal).toHaveAttribute('aria-pressed', 'true')
    fireEvent.pointerUp(reveal!)
    expect(input).toHaveAttribute('type', 'password')

    fireEvent.pointerDown(reveal!)
    fireEvent.pointerLeave(reveal!)
    expect(input).toHaveAttribute('type', 'password')

    reveal!.focus()
    await user.keyboard('[Space>]')
    expect(input).toHaveAttribute('type', 'text')
    await user.keyboard('[/Space]')
    expect(input).toHaveAttribute('type', 'password')
    await user.keyboard('{Enter>}')
    expect(input).toHaveAttribute('type', 'text')
    await user.tab()
    expect(input).toHaveAttribute('type', 'password')
    expect(screen.getByLabelText('确认新密码')).toHaveAttribute('type', 'password')
  })
})
