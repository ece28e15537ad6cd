import { screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { serveAnnouncement } from '../testing/announcement-fixtures'

function ticker() {
  return screen.getByRole('region', { name: '公告' })
}

describe('announcement ticker', () => {
  it('shows the first announcement of the current language', async () => {
    const langs = serveAnnouncement([
      { text: '今晚 8 点维护', lang: 'zh', updatedAt: '2026-11-21T10:00:00Z' },
      { text: '第二条', lang: 'zh', updatedAt: '2026-11-20T10:00:00Z' },
    ])
    await renderApp('/vip')
    await waitFor(() => expect(within(ticker()).getByTestId('announcement-text')).toHaveTextContent('今晚 8 点维护'))
    expect(ticker()).not.toHaveTextContent('第二条')
    expect(langs).toEqual(['zh'])
  })

  it('falls back to the translated default when the call fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/server/announcement', () => HttpResponse.json({ error: 'INTERNAL_ERROR' }, { status: 500 })))
    await renderApp('/vip')
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to fetch announcement', expect.anything()))
    expect(within(ticker()).getByTestId('announcement-text')).toHaveTextContent('欢迎来到 CS2 社区门户')
  })

  it('falls back to the default when the list is empty, in English too', async () => {
    await i18next.changeLanguage('en')
    const langs = serveAnnouncement([])
    await renderApp('/vip')
    await waitFor(() => expect(langs).toEqual(['en']))
    const region = screen.getByRole('region', { name: 'Announcement' })
    expect(within(region).getByTestId('announcement-text')).toHaveTextContent('Welcome to the CS2 community portal')
  })

  it('does not scroll when the text fits (jsdom: no overflow)', async () => {
    serveAnnouncement([{ text: '短公告', lang: 'zh' }])
    await renderApp('/vip')
    const text = await within(ticker()).findByText('短公告')
    expect(text).toHaveAttribute('data-scrolling', 'false')
  })
})
