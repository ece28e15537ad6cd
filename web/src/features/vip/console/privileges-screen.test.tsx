import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signInAs } from '@/lib/console/testing/console-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

const row = (key: string, order: number, zh: string, en: string) => ({
  key,
  order,
  zh: { content: zh, detail: '' },
  en: { content: en, detail: '' },
  values: { normal: 0, vip: 1, pro: 1, kol: 2, op: 1 },
})

function servePrivileges() {
  const saved: unknown[] = []
  let items = [row('reserved_slot', 2, '预留位', 'Reserved slot'), row('custom_tag', 1, '自定义标签', 'Custom tag')]
  server.use(
    http.get('/api/console/vip-privileges', () => HttpResponse.json({ items })),
    http.put('/api/console/vip-privileges', async ({ request }) => {
      const body = (await request.json()) as { items: typeof items }
      saved.push(body)
      items = body.items
      return HttpResponse.json({ items })
    }),
  )
  return saved
}

describe('the VIP privileges editor', () => {
  it('shows rows in their order, edits a cell and the order, and saves the table whole', async () => {
    signInAs()
    const saved = servePrivileges()
    const { user } = await renderApp('/console/vip-privileges')
    const table = await screen.findByRole('table', { name: 'VIP 权益' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(within(rows[0]).getByDisplayValue('自定义标签')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '保存权益表' })).toBeDisabled()

    await user.selectOptions(within(table).getByRole('combobox', { name: '预留位 · 普通' }), '2')
    await user.click(within(table).getByRole('button', { name: '上移 预留位' }))
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '保存权益表' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toEqual({
      items: [
        { ...row('reserved_slot', 1, '预留位', 'Reserved slot'), values: { normal: 2, vip: 1, pro: 1, kol: 2, op: 1 } },
        row('custom_tag', 2, '自定义标签', 'Custom tag'),
      ],
    })
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).not.toBeInTheDocument())
  })

  it('names the row of an empty name instead of sending it', async () => {
    signInAs()
    const saved = servePrivileges()
    const { user } = await renderApp('/console/vip-privileges')
    await screen.findByRole('table', { name: 'VIP 权益' })
    await user.click(screen.getByRole('button', { name: '添加权益' }))
    await user.click(screen.getByRole('button', { name: '保存权益表' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('第 3 行：名称需为 1–100 个字符')
    expect(saved).toHaveLength(0)
  })
})
