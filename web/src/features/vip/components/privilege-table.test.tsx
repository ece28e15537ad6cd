import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toPrivilege } from '../api/vip-api'
import { privilegeListSchema } from '../api/privilege-schemas'
import { sortPrivileges, type Privilege } from '../model/privilege-access'
import { enabledGroups } from '../model/user-groups'
import { PRIVILEGES } from '../testing/vip-fixtures'
import { PrivilegeTable } from './privilege-table'

const privileges = sortPrivileges(privilegeListSchema.parse(PRIVILEGES).map(toPrivilege))

describe('tooltip delay', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    vi.stubGlobal('jest', { advanceTimersByTime: vi.advanceTimersByTime.bind(vi) })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it.each([
    ['a privilege', '投票踢人豁免', '不会被投票踢出服务器'],
    ['a group', 'PRO', '经过认证的职业选手'],
  ])('the heading of %s explains itself 50 ms after the pointer arrives', async (_, heading, detail) => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) })
    // A tooltip waits 700 ms by default: the table asks for its own 50 ms.
    render(<PrivilegeTable privileges={privileges} groups={enabledGroups()} desktop onDetails={() => {}} />)
    await user.hover(within(screen.getByRole('table')).getByText(heading))
    act(() => vi.advanceTimersByTime(45))
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(10))
    expect(screen.getByRole('tooltip')).toHaveTextContent(detail)
  })
})

describe('table', () => {
  it('has one column per group plus the privilege, and a details column only when narrow', () => {
    const onDetails = vi.fn<(privilege: Privilege) => void>()
    const { rerender } = render(<PrivilegeTable privileges={privileges} groups={enabledGroups()} desktop onDetails={onDetails} />)
    expect(screen.getAllByRole('columnheader')).toHaveLength(6)
    rerender(<PrivilegeTable privileges={privileges} groups={enabledGroups()} desktop={false} onDetails={onDetails} />)
    expect(screen.getAllByRole('columnheader')).toHaveLength(7)
    act(() => screen.getByRole('button', { name: '查看「预留位置」的详情' }).click())
    expect(onDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 3, content: '预留位置' }))
  })

  it('reads odd flags as forbidden and a missing detail as none', () => {
    const [reserved, chatTag, skins] = privileges
    expect(reserved.flags).toEqual({ normal: 0, vip: 1, pro: 1, kol: 1, op: 1 })
    expect(chatTag).toMatchObject({ detail: '', flags: { normal: 2, op: 0 } })
    expect(skins.flags).toEqual({ normal: 0, vip: 2, pro: 1, kol: 7, op: 0 })
  })
})
