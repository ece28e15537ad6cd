import { screen, within } from '@testing-library/react'
import i18next from 'i18next'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { RESET_PASSWORD_THROTTLE_MS } from '@/lib/constants'
import { STORAGE_KEYS } from '@/lib/storage'
import { apiError } from '@/testing/auth-fixtures'
import { server } from '@/testing/msw-server'
import { preloadAuthChunks } from '@/testing/preload'
import { renderApp } from '@/testing/render-app'

beforeAll(preloadAuthChunks)

function serve(answer: () => Response = () => HttpResponse.json({ sent: true })) {
  const bodies: unknown[] = []
  server.use(
    http.post('/api/auth/email/reset-password', async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

async function openReset() {
  const rendered = await renderApp('/vip')
  const { user } = rendered
  await user.click(screen.getByRole('button', { name: /^(登录|Log in)$/ }))
  await user.click(await screen.findByRole('button', { name: /^(邮箱登录|Log in with e-mail)$/ }))
  await user.click(screen.getByRole('button', { name: /^(忘记密码？|Forgot password\?)$/ }))
  const dialog = screen.getByRole('dialog')
  return { ...rendered, dialog }
}

describe('password reset request', () => {
  it('sends the link request with the language, notes success, then throttles for 5 minutes', async () => {
    const bodies = serve()
    const { user, dialog } = await openReset()
    expect(dialog).toHaveAccessibleName('重置密码')
    const before = Date.now()
    await user.type(within(dialog).getByLabelText('邮箱'), 'me@example.com{Enter}')
    expect(await within(dialog).findByRole('status')).toHaveTextContent('重置链接已发送到 me@example.com，请查收邮件。')
    expect(bodies).toEqual([{ email: 'me@example.com', language: 'zh' }])
    // Stamped while the request ran, however long the machine took.
    const stamp = Number(localStorage.getItem(STORAGE_KEYS.resetPasswordRequestedAt))
    expect(stamp).toBeGreaterThanOrEqual(before)
    expect(stamp).toBeLessThanOrEqual(Date.now())

    await user.click(within(dialog).getByRole('button', { name: '发送重置链接' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请求过于频繁，请稍后再试')
    expect(bodies).toHaveLength(1)
  })

  it('keeps the throttle across reloads and lifts it after 5 minutes', async () => {
    const bodies = serve()
    localStorage.setItem(STORAGE_KEYS.resetPasswordRequestedAt, String(Date.now() - RESET_PASSWORD_THROTTLE_MS + 10_000))
    const { user, dialog } = await openReset()
    await user.type(within(dialog).getByLabelText('邮箱'), 'me@example.com{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('请求过于频繁，请稍后再试')
    expect(bodies).toEqual([])

    localStorage.setItem(STORAGE_KEYS.resetPasswordRequestedAt, String(Date.now() - RESET_PASSWORD_THROTTLE_MS - 1))
    await user.click(within(dialog).getByRole('button', { name: '发送重置链接' }))
    expect(await within(dialog).findByRole('status')).toBeInTheDocument()
    expect(bodies).toHaveLength(1)
  })

  it('sends language en when the page is in English', async () => {
    await i18next.changeLanguage('en')
    const bodies = serve()
    const { user, dialog } = await openReset()
    await user.type(within(dialog).getByLabelText('E-mail'), 'me@example.com{Enter}')
    await within(dialog).findByRole('status')
    expect(bodies).toEqual([{ email: 'me@example.com', language: 'en' }])
  })

  it.each([
    ['RATE_LIMIT_EXCEEDED', () => apiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many', { retryAfter: 60 }), '请求过于频繁，请稍后再试'],
    ['EMAIL_NOT_REGISTERED', () => apiError(404, 'EMAIL_NOT_REGISTERED', 'This email is not registered'), '该邮箱尚未注册'],
    ['MAIL_FAILED', () => apiError(503, 'MAIL_FAILED', 'Failed to send reset email'), '重置邮件发送失败'],
    ['a network failure', () => HttpResponse.error(), '重置邮件发送失败'],
  ])('maps %s, without starting the throttle', async (_, answer, text) => {
    serve(answer)
    const { user, dialog } = await openReset()
    await user.type(within(dialog).getByLabelText('邮箱'), 'me@example.com{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text)
    expect(localStorage.getItem(STORAGE_KEYS.resetPasswordRequestedAt)).toBeNull()
  })

  it('checks the e-mail pattern first', async () => {
    const bodies = serve()
    const { user, dialog } = await openReset()
    await user.type(within(dialog).getByLabelText('邮箱'), 'nope{Enter}')
    expect(within(dialog).getByLabelText('邮箱')).toHaveAccessibleDescription('请输入有效的邮箱地址')
    expect(bodies).toEqual([])
  })
})
