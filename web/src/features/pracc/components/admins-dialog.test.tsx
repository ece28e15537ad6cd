import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ALICE } from '@/testing/auth-fixtures'
import { renderApp } from '@/testing/render-app'
import { serverJson } from '../testing/pracc-fixtures'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

const COACH = '76561198000000002'

async function openAdmins(options: PraccSetupOptions & { owner?: boolean } = {}) {
  const owner = options.owner ?? true
  const { backend, config } = await setupPracc({
    answers: {
      servers: [serverJson({ instance_name: 'Team', instance_id: 'ins-a', isOwner: owner })],
      admins: {
        admins: [
          { steamid: ALICE.steamId, name: 'me myself', servername: 'Team' },
          { steamid: COACH, name: 'coach', servername: 'Team' },
        ],
        isOwner: owner,
      },
      ...options.answers,
    },
  })
  const view = await renderApp('/pracc', { config })
  const card = await screen.findByRole('article', { name: 'Team' })
  await view.user.click(within(card).getByRole('button', { name: '管理员' }))
  const dialog = await screen.findByRole('dialog', { name: '管理员列表' })
  return { ...view, backend, dialog }
}

const rows = (dialog: HTMLElement) => within(within(dialog).getByRole('list', { name: '管理员' })).getAllByRole('listitem')
const idField = (dialog: HTMLElement, index: number) =>
  within(dialog).getByRole('textbox', { name: `第 ${index} 位管理员 Steam ID` })
const noteField = (dialog: HTMLElement, index: number) => within(dialog).getByRole('textbox', { name: `第 ${index} 位管理员 备注` })

describe('the admin list', () => {
  it('the owner edits the rows; the own id is marked "me"; adding stops at 7', async () => {
    const { user, dialog } = await openAdmins()
    await within(dialog).findByRole('list', { name: '管理员' })
    expect(rows(dialog)).toHaveLength(2)
    expect(idField(dialog, 1)).toHaveValue(ALICE.steamId)
    expect(rows(dialog)[0]).toHaveTextContent('我')
    expect(rows(dialog)[1]).not.toHaveTextContent('我')
    expect(noteField(dialog, 2)).toHaveValue('coach')

    const add = within(dialog).getByRole('button', { name: '添加管理员' })
    for (let i = 0; i < 5; i += 1) await user.click(add)
    expect(rows(dialog)).toHaveLength(7)
    expect(within(dialog).getByText('7 / 7')).toBeInTheDocument()
    expect(add).toBeDisabled()
    await user.click(within(dialog).getByRole('button', { name: '移除第 7 位管理员' }))
    expect(add).toBeEnabled()
  })

  it('apply checks every row and lists each problem as "id: error"; nothing is sent until all are right', async () => {
    const { user, dialog, backend } = await openAdmins()
    await within(dialog).findByRole('list', { name: '管理员' })
    const add = within(dialog).getByRole('button', { name: '添加管理员' })
    for (let i = 0; i < 4; i += 1) await user.click(add)
    await user.type(idField(dialog, 3), COACH)
    await user.type(idField(dialog, 4), '12345678901234567')
    await user.type(idField(dialog, 5), '7656119800000000')
    await user.type(noteField(dialog, 2), ' and a very long note')
    await user.click(within(dialog).getByRole('button', { name: '应用' }))

    const alert = within(dialog).getByRole('alert')
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `${COACH}: 备注最多 20 个字符`,
      `${COACH}: 该 Steam ID 已在列表中`,
      '12345678901234567: Steam ID 无效：应以 7656119 开头',
      '7656119800000000: Steam ID 无效：应为 17 位数字',
      '（空）: 请输入 Steam ID',
    ])
    expect(idField(dialog, 3)).toHaveAttribute('aria-invalid', 'true')
    expect(noteField(dialog, 2)).toHaveAttribute('aria-invalid', 'true')
    expect(idField(dialog, 2)).not.toHaveAttribute('aria-invalid')
    expect(backend.calls('/api/scrim/server/ins-a/admins').filter((call) => call.method === 'PUT')).toEqual([])
  })

  it('keeps at least one admin', async () => {
    const { user, dialog, backend } = await openAdmins()
    await within(dialog).findByRole('list', { name: '管理员' })
    await user.click(within(dialog).getByRole('button', { name: '移除第 2 位管理员' }))
    await user.click(within(dialog).getByRole('button', { name: '移除第 1 位管理员' }))
    await user.click(within(dialog).getByRole('button', { name: '应用' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('至少需要保留一名管理员。')
    expect(backend.calls('/api/scrim/server/ins-a/admins').filter((call) => call.method === 'PUT')).toEqual([])
  })

  it('adds a previous teammate from the sub-dialog and saves the whole list with the server name', async () => {
    const { user, dialog, backend } = await openAdmins({
      answers: { teammates: { teammates: [{ steamid: COACH, name: 'coach' }, { steamid: '76561198000000003', name: 'Rookie' }] } },
    })
    await within(dialog).findByRole('list', { name: '管理员' })
    await user.click(within(dialog).getByRole('button', { name: '从队友中添加' }))
    const mates = await screen.findByRole('dialog', { name: '历史队友' })
    expect(await within(mates).findByText('已在列表中')).toBeInTheDocument()
    await user.click(within(mates).getByRole('button', { name: '添加 Rookie' }))
    expect(within(mates).getAllByText('已在列表中')).toHaveLength(2)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '历史队友' })).not.toBeInTheDocument())
    expect(screen.getByRole('dialog', { name: '管理员列表' })).toBeInTheDocument()
    expect(idField(dialog, 3)).toHaveValue('76561198000000003')

    await user.click(within(dialog).getByRole('button', { name: '应用' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const put = backend.calls('/api/scrim/server/ins-a/admins').find((call) => call.method === 'PUT')
    expect(put?.body).toEqual({
      admins: [
        { steamid: ALICE.steamId, name: 'me myself', servername: 'Team' },
        { steamid: COACH, name: 'coach', servername: 'Team' },
        { steamid: '76561198000000003', name: 'Rookie', servername: 'Team' },
      ],
    })
    expect(await screen.findByText('管理员列表已保存')).toBeInTheDocument()
  })

  it('a failed save says so and keeps the rows', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openAdmins({ answers: { saveAdmins: { error: [500, 'INTERNAL_ERROR'] } } })
    await within(dialog).findByRole('list', { name: '管理员' })
    await user.click(within(dialog).getByRole('button', { name: '应用' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('管理员列表保存失败。')
    expect(rows(dialog)).toHaveLength(2)
  })

  it("a refusal of the backend names the row in the editor's words", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openAdmins({
      answers: {
        saveAdmins: {
          error: [422, 'VALIDATION_FAILED', `${COACH}: listed twice`, { field: 'admins', key: 'duplicateId', steamid: COACH }],
        },
      },
    })
    await within(dialog).findByRole('list', { name: '管理员' })
    await user.click(within(dialog).getByRole('button', { name: '应用' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`管理员列表保存失败。 ${COACH}: 该 Steam ID 已在列表中`)
  })

  it('a member reads the list: no fields, no apply; their own id is marked "me"', async () => {
    const { dialog } = await openAdmins({ owner: false })
    const list = await within(dialog).findByRole('list', { name: '管理员' })
    expect(dialog).toHaveAccessibleDescription('只有所有者可以修改管理员列表。')
    expect(within(dialog).queryAllByRole('textbox')).toEqual([])
    expect(within(dialog).queryByRole('button', { name: '应用' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: '添加管理员' })).not.toBeInTheDocument()
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(`${ALICE.steamId}我me myself`)
  })

  it('a failed fetch says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { dialog } = await openAdmins({ answers: { admins: { error: [500, 'INTERNAL_ERROR'] } } })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('管理员列表加载失败。')
  })
})
