import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signInAs } from '@/lib/console/testing/console-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

const RENTAL = {
  id: 'srv_abcdefghijklmnop',
  name: 'Scrim 1',
  owner: { user_id: 7, steam_id: '76561198000000001' },
  status: 'RUNNING',
  phase: 'running',
  region: 'ap-shanghai',
  tier: 'premium',
  relocatable: true,
  // 2027-01-15 08:00 GMT+8
  expires_at: Date.UTC(2027, 0, 15) / 1000,
  created_at: 1_735_689_000,
  instance: { cloud_instance_id: 'ins-1a2b3c4d', cloud_state: 'RUNNING', public_ip: '203.0.113.7', game_port: 27015 },
  maintenance: { on: false, text: '' },
}

function serveRentals() {
  const asked: URLSearchParams[] = []
  const changes: unknown[] = []
  let maintenance = RENTAL.maintenance
  server.use(
    http.get('/api/console/rentals', ({ request }) => {
      asked.push(new URL(request.url).searchParams)
      return HttpResponse.json({ items: [{ ...RENTAL, maintenance }], total: 1, page: 1, page_size: 25 })
    }),
    http.post('/api/console/rentals/:id/maintenance', async ({ request }) => {
      const body = (await request.json()) as { on: boolean; text?: string }
      changes.push(body)
      maintenance = { on: body.on, text: body.text ?? '' }
      return HttpResponse.json({ ...RENTAL, maintenance })
    }),
  )
  return { asked, changes }
}

describe('the rentals screen', () => {
  it('shows owner, status, region and the expiry in GMT+8, and filters by phase', async () => {
    signInAs()
    const { asked } = serveRentals()
    const { user } = await renderApp('/console/rentals')
    const table = await screen.findByRole('table', { name: /练习服/ })
    expect(within(table).getByText('76561198000000001')).toBeInTheDocument()
    expect(within(table).getByTestId(`rental-status-${RENTAL.id}`)).toHaveTextContent('运行中')
    expect(within(table).getByText('上海')).toBeInTheDocument()
    expect(within(table).getByText('2027-01-15').closest('time')).toHaveTextContent('2027-01-15 08:00')
    expect(asked[0].get('sort')).toBe('expires_at')
    await user.selectOptions(screen.getByRole('combobox', { name: '阶段' }), 'failed')
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('failed'))
  })

  it('puts a server into maintenance with its note and a reason, and checks the note first', async () => {
    signInAs()
    const { changes } = serveRentals()
    const { user } = await renderApp('/console/rentals')
    const table = await screen.findByRole('table', { name: /练习服/ })
    const menu = within(table).getByRole('button', { name: 'Scrim 1 的更多操作' })
    await user.click(menu)
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['设为维护', '延长', '结束'])
    await user.click(screen.getByRole('menuitem', { name: '设为维护' }))
    const dialog = await screen.findByRole('dialog', { name: '将 Scrim 1 设为维护' })
    await user.type(within(dialog).getByRole('textbox', { name: '原因' }), 'host migration')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    expect(await within(dialog).findByText('请填写 1–200 个字符的单行说明')).toBeInTheDocument()
    expect(changes).toHaveLength(0)
    await user.type(within(dialog).getByRole('textbox', { name: /维护说明/ }), '机房维护')
    await user.click(within(dialog).getByRole('button', { name: '确认' }))
    await waitFor(() => expect(changes).toEqual([{ on: true, text: '机房维护', reason: 'host migration' }]))
    expect(await within(table).findByText('维护中')).toBeInTheDocument()
    // Focus is back on the row's menu, which now offers to end the maintenance.
    await waitFor(() => expect(menu).toHaveFocus())
    await user.keyboard('{Enter}')
    expect(await screen.findByRole('menuitem', { name: '结束维护' })).toBeInTheDocument()
  })

  it('offers a failed launch its one action in the menu, and a terminated server none', async () => {
    signInAs()
    server.use(
      http.get('/api/console/rentals', () =>
        HttpResponse.json({
          items: [
            { ...RENTAL, id: 'srv_failed', name: 'Broken', status: 'LAUNCH_FAILED', phase: 'failed' },
            { ...RENTAL, id: 'srv_gone', name: 'Gone', status: 'TERMINATED', phase: 'terminated' },
          ],
          total: 2,
          page: 1,
          page_size: 25,
        }),
      ),
    )
    const { user } = await renderApp('/console/rentals')
    const table = await screen.findByRole('table', { name: /练习服/ })
    const [failed, gone] = within(table).getAllByRole('row').slice(1)
    expect(within(gone).queryByRole('button')).not.toBeInTheDocument()
    await user.click(within(failed).getByRole('button', { name: 'Broken 的更多操作' }))
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['重试开服'])
    await user.click(screen.getByRole('menuitem', { name: '重试开服' }))
    expect(await screen.findByRole('dialog', { name: '重新为 Broken 开服' })).toBeInTheDocument()
  })
})
