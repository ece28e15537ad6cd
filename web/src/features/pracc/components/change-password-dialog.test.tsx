import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '@/lib/storage'
import { renderApp } from '@/testing/render-app'
import { serverJson } from '../testing/pracc-fixtures'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

async function openPassword(options: PraccSetupOptions = {}) {
  const { backend, config } = await setupPracc({
    answers: { servers: [serverJson({ instance_name: 'Team', instance_id: 'ins-pw' })], ...options.answers },
  })
  const view = await renderApp('/pracc', { config })
  const card = await screen.findByRole('article', { name: 'Team' })
  await view.user.click(within(card).getByRole('button', { name: '修改密码' }))
  return { ...view, backend, dialog: await screen.findByRole('dialog', { name: '修改密码' }) }
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name)

describe('change password', () => {
  it('checks both fields: required, at most 16 letters and digits, and the same twice', async () => {
    const { user, dialog, backend } = await openPassword()
    const submit = within(dialog).getByRole('button', { name: '修改密码' })
    await user.click(submit)
    expect(field(dialog, '新密码')).toHaveAccessibleDescription('请输入密码')

    await user.type(field(dialog, '新密码'), 'abc-123')
    expect(field(dialog, '新密码')).toHaveAccessibleDescription('只能包含字母和数字')
    await user.clear(field(dialog, '新密码'))
    await user.type(field(dialog, '新密码'), 'a'.repeat(17))
    expect(field(dialog, '新密码')).toHaveAccessibleDescription('密码最多 16 位')
    await user.clear(field(dialog, '新密码'))
    await user.type(field(dialog, '新密码'), 'abc123')
    await user.type(field(dialog, '确认密码'), 'abc124')
    expect(field(dialog, '确认密码')).toHaveAccessibleDescription('两次输入的密码不一致')
    await user.click(submit)
    expect(backend.calls('/api/scrim/change-password')).toEqual([])
  })

  it('sends the new password, shows the success view, and its confirm closes and reloads the list', async () => {
    const { user, dialog, backend } = await openPassword()
    await user.type(field(dialog, '新密码'), 'NewPass1')
    await user.type(field(dialog, '确认密码'), 'NewPass1')
    await user.click(within(dialog).getByRole('button', { name: '修改密码' }))
    expect(await within(dialog).findByText('密码已修改')).toBeVisible()
    expect(backend.calls('/api/scrim/change-password')).toEqual([
      { method: 'POST', path: '/api/scrim/change-password', body: { instance_id: 'ins-pw', password: 'NewPass1' } },
    ])
    const before = backend.calls('/api/scrim/getUserServers').length
    await user.click(within(dialog).getByRole('button', { name: '确定' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(backend.calls('/api/scrim/getUserServers').length).toBe(before + 1))
  })

  it('a failure asks the user to contact an administrator', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openPassword({ answers: { changePassword: { error: [500, 'INTERNAL_ERROR', 'Failed to change password'] } } })
    await user.type(field(dialog, '新密码'), 'abc123')
    await user.type(field(dialog, '确认密码'), 'abc123')
    await user.click(within(dialog).getByRole('button', { name: '修改密码' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('修改密码失败，请联系管理员。')
  })

  it('says why when the rental can: the server is still booting', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openPassword({
      answers: { changePassword: { error: [409, 'SERVER_BUSY_STATE', 'The server is CREATING: try again when it is running'] } },
    })
    await user.type(field(dialog, '新密码'), 'abc123')
    await user.type(field(dialog, '确认密码'), 'abc123')
    await user.click(within(dialog).getByRole('button', { name: '修改密码' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('修改密码失败，请联系管理员。')
    expect(alert).toHaveTextContent('服务器正在执行其他任务，请在运行中时再试。')
  })

  it('Unauthorized says the login expired and removes the token', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openPassword({ answers: { changePassword: { error: [401, 'UNAUTHORIZED', 'Unauthorized'] } } })
    await user.type(field(dialog, '新密码'), 'abc123')
    await user.type(field(dialog, '确认密码'), 'abc123')
    await user.click(within(dialog).getByRole('button', { name: '修改密码' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('登录信息已过期，请重新登录')
    expect(localStorage.getItem(STORAGE_KEYS.loginToken)).toBeNull()
  })
})
