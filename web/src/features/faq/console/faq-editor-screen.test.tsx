import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signInAs } from '@/lib/console/testing/console-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'

interface Row {
  id: number
  language: string
  question: string
  answer: string
  sort_order: number
}

function serveFaq(rows: Row[]) {
  const sent: { method: string; path: string; body: unknown }[] = []
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? null : await request.json()
    sent.push({ method: request.method, path: new URL(request.url).pathname, body })
    return body as Row
  }
  server.use(
    http.get('/api/console/faq', () => HttpResponse.json(rows)),
    http.post('/api/console/faq/preview', async ({ request }) => {
      const { html } = (await record(request)) as unknown as { html: string }
      const removed = html.includes('<script') ? [{ kind: 'element', name: 'script' }] : []
      return HttpResponse.json({ sanitized: html.replace(/<script[\s\S]*?<\/script>/g, ''), removed })
    }),
    http.put('/api/console/faq/:id', async ({ request, params }) => {
      const body = await record(request)
      const id = Number(params.id)
      const clean = { ...body, id, answer: body.answer.replace(/<script[\s\S]*?<\/script>/g, '') }
      rows = rows.map((row) => (row.id === id ? clean : row))
      return HttpResponse.json(clean)
    }),
    http.post('/api/console/faq', async ({ request }) => {
      const body = await record(request)
      const created = { ...body, id: 99 }
      rows = [...rows, created]
      return HttpResponse.json(created)
    }),
    http.delete('/api/console/faq/:id', async ({ request, params }) => {
      await record(request)
      rows = rows.filter((row) => row.id !== Number(params.id))
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return sent
}

const ROWS: Row[] = [
  { id: 1, language: 'zh', question: '如何加入？', answer: '<p>点击加入</p>', sort_order: 10 },
  { id: 2, language: 'en', question: 'How to join?', answer: '<p>Click join</p>', sort_order: 10 },
]

describe('the FAQ editor', () => {
  it('lists one language at a time, kept in the URL', async () => {
    signInAs()
    serveFaq(ROWS)
    const { user, location } = await renderApp('/console/faq')
    const table = await screen.findByRole('table', { name: /常见问题 \(中文\)/ })
    expect(within(table).getByText('如何加入？')).toBeInTheDocument()
    expect(within(table).queryByText('How to join?')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '英文' }))
    expect(await screen.findByText('How to join?')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '英文' })).toHaveAttribute('aria-pressed', 'true')
    expect(location().search).toBe('?lang=en')
  })

  it('previews an answer with a script, shows it removed, and saves', async () => {
    signInAs()
    const sent = serveFaq(ROWS)
    const { user } = await renderApp('/console/faq')
    await user.click(await screen.findByRole('button', { name: '编辑: 如何加入？' }))
    const answer = screen.getByRole('textbox', { name: '回答（HTML）' })
    await user.clear(answer)
    await user.click(answer)
    await user.paste('<p>加入</p><script>alert(1)</script>')
    await user.click(screen.getByRole('button', { name: '预览' }))
    const preview = await screen.findByTestId('faq-preview')
    expect(within(preview).getByTestId('faq-removed')).toHaveTextContent('元素 <script>')
    expect(preview.querySelector('script')).toBeNull()
    expect(within(preview).getByText('加入')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(screen.queryByTestId('faq-preview')).not.toBeInTheDocument())
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/console/faq/1',
      body: { language: 'zh', question: '如何加入？', answer: '<p>加入</p><script>alert(1)</script>', sort_order: 10 },
    })
    // The stored answer is what the server kept.
    await user.click(await screen.findByRole('button', { name: '编辑: 如何加入？' }))
    expect(screen.getByRole('textbox', { name: '回答（HTML）' })).toHaveValue('<p>加入</p>')
  })

  it('creates an entry last in its language, refuses an empty one, and deletes', async () => {
    signInAs()
    const sent = serveFaq(ROWS)
    const { user } = await renderApp('/console/faq?lang=en')
    await screen.findByText('How to join?')
    await user.click(screen.getByRole('button', { name: '新建条目' }))
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(screen.getByText('问题和回答都不能为空')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: '问题' }), 'Rules?')
    await user.type(screen.getByRole('textbox', { name: '回答（HTML）' }), 'Be nice')
    await user.click(screen.getByRole('button', { name: '保存' }))
    expect(await screen.findByText('Rules?')).toBeInTheDocument()
    expect(sent.at(-1)?.body).toEqual({ language: 'en', question: 'Rules?', answer: 'Be nice', sort_order: 20 })
    await user.click(screen.getByRole('button', { name: '删除: Rules?' }))
    const dialog = await screen.findByRole('dialog', { name: '删除这个条目？' })
    await user.click(within(dialog).getByRole('button', { name: '删除' }))
    await waitFor(() => expect(screen.queryByText('Rules?')).not.toBeInTheDocument())
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/console/faq/99' })
  })
})
