import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { signInAs } from '@/lib/console/testing/console-fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { byteLength, normalizeAnnouncement } from './announcement-api'

describe('the announcement screen', () => {
  it('previews each language in the header ticker as it is typed, and saves both', async () => {
    signInAs()
    let saved = { zh: '旧公告', en: 'Old news' }
    const sent: unknown[] = []
    let publicAsked = 0
    server.use(
      http.get('/api/console/announcement', () => HttpResponse.json(saved)),
      http.put('/api/console/announcement', async ({ request }) => {
        const body = (await request.json()) as typeof saved
        sent.push(body)
        saved = body
        return HttpResponse.json(saved)
      }),
      http.get('/api/server/announcement', () => {
        publicAsked++
        return HttpResponse.json([{ text: saved.zh, lang: 'zh' }])
      }),
    )
    const { user } = await renderApp('/console/announcement')
    const zh = await screen.findByRole('textbox', { name: '中文公告' })
    expect(zh).toHaveValue('旧公告')
    const preview = screen.getByRole('region', { name: '中文预览' })
    expect(within(preview).getByTestId('announcement-text')).toHaveTextContent('旧公告')
    await user.clear(zh)
    await user.type(zh, '今晚 8 点维护')
    expect(within(preview).getByTestId('announcement-text')).toHaveTextContent('今晚 8 点维护')
    expect(within(screen.getByRole('region', { name: '英文预览' })).getByTestId('announcement-text')).toHaveTextContent(
      'Old news',
    )
    const before = publicAsked
    await user.click(screen.getByRole('button', { name: '保存公告' }))
    await waitFor(() => expect(sent).toEqual([{ zh: '今晚 8 点维护', en: 'Old news' }]))
    // The header's ticker asks again and shows the new text.
    await waitFor(() => expect(publicAsked).toBeGreaterThan(before))
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: '公告' })).getByTestId('announcement-text')).toHaveTextContent(
        '今晚 8 点维护',
      ),
    )
  })

  it('refuses a text over the server limit before sending', async () => {
    signInAs()
    server.use(http.get('/api/console/announcement', () => HttpResponse.json({ zh: '', en: '' })))
    const { user } = await renderApp('/console/announcement')
    const en = await screen.findByRole('textbox', { name: '英文公告' })
    await user.click(en)
    await user.paste('x'.repeat(2001))
    expect(screen.getByText('最多 2000 个字符')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '保存公告' })).toBeDisabled()
  })
})

describe('announcement texts', () => {
  it('are one trimmed line, measured in UTF-8 bytes', () => {
    expect(normalizeAnnouncement('  a \n b  ')).toBe('a b')
    expect(byteLength('维护')).toBe(6)
  })
})
