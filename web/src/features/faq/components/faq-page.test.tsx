import { act, screen, waitFor, within } from '@testing-library/react'
import i18next from 'i18next'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { faqJson, serveFaqs } from '../testing/faq-fixtures'

const MALICIOUS = faqJson(
  9,
  '恶意内容',
  '<p>Hello<script>window.__xss = 1</script></p><img src="x" onerror="window.__xss = 1">' +
    '<a href="javascript:window.__xss=1">click</a> <a href="https://rules.example.com" target="_blank">rules</a>',
)

describe('FAQ page', () => {
  it('asks for the current language and lists the questions as an accordion', async () => {
    const calls = serveFaqs()
    const { user } = await renderApp('/faq')
    expect(screen.getByRole('heading', { level: 1, name: '常见问题' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: '问题列表' })
    expect(calls.languages).toEqual(['zh'])
    const questions = within(list).getAllByRole('heading', { level: 2 })
    expect(questions.map((q) => q.textContent)).toEqual(['如何加入服务器？', '如何购买 VIP？'])

    const first = screen.getByRole('button', { name: '如何加入服务器？' })
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('region', { name: '如何加入服务器？' })).not.toBeInTheDocument()
    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    const answer = screen.getByRole('region', { name: '如何加入服务器？' })
    expect(answer).toHaveTextContent('在服务器列表中点击加入。')
    expect(answer).toHaveTextContent('更新于 2026-11-21 16:00（GMT+8）')
    expect(first).toHaveAttribute('aria-controls', answer.id)
  })

  it('moves between questions with the arrow keys, Home and End, and toggles with Enter and Space', async () => {
    serveFaqs()
    const { user } = await renderApp('/faq')
    const first = await screen.findByRole('button', { name: '如何加入服务器？' })
    const second = screen.getByRole('button', { name: '如何购买 VIP？' })
    first.focus()
    await user.keyboard('{ArrowDown}')
    expect(second).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(first).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(second).toHaveFocus()
    await user.keyboard('{Home}')
    expect(first).toHaveFocus()
    await user.keyboard('{End}')
    expect(second).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(second).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard(' ')
    expect(second).toHaveAttribute('aria-expanded', 'false')
  })

  it('renders answers sanitised again: no script, handler or javascript: URL; links keep target and rel', async () => {
    serveFaqs({ answers: { zh: [MALICIOUS] } })
    const { user } = await renderApp('/faq')
    await user.click(await screen.findByRole('button', { name: '恶意内容' }))
    const answer = screen.getByRole('region', { name: '恶意内容' })
    expect(answer).toHaveTextContent('Hello')
    expect(answer.querySelector('script')).toBeNull()
    expect(answer.querySelector('img')).not.toHaveAttribute('onerror')
    expect(answer.innerHTML).not.toMatch(/onerror|javascript:/i)
    expect(within(answer).getByText('click')).not.toHaveAttribute('href')
    const link = within(answer).getByRole('link', { name: 'rules' })
    expect(link).toHaveAttribute('href', 'https://rules.example.com')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect('__xss' in window).toBe(false)
  })

  it('follows links to the portal in the app; other links are left to the browser', async () => {
    serveFaqs({
      answers: {
        zh: [faqJson(3, '排行榜', '<p>见<a href="/leaderboard">排行榜</a>与<a href="https://store.example.com/" target="_blank">商店</a>。</p>')],
      },
    })
    server.use(http.get('/api/leaderboard/*', () => HttpResponse.json({ error: 'NOT_FOUND', message: 'x', details: {} }, { status: 404 })))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, location } = await renderApp('/faq')
    await user.click(await screen.findByRole('button', { name: '排行榜' }))
    const answer = screen.getByRole('region', { name: '排行榜' })
    const external = within(answer).getByRole('link', { name: '商店' })
    // Seen after React's handler: the app must not have taken over the external link.
    const prevented: boolean[] = []
    const record = (event: Event) => prevented.push(event.defaultPrevented)
    document.addEventListener('click', record)
    await user.click(external)
    document.removeEventListener('click', record)
    expect(prevented).toEqual([false])
    expect(location().pathname).toBe('/faq')

    await user.click(within(answer).getByRole('link', { name: '排行榜' }))
    await waitFor(() => expect(location().pathname).toBe('/leaderboard'))
  })

  it('shows a loading state, then the empty state for an empty list', async () => {
    // The answer waits until the loading state was seen (the page itself arrives as a lazy chunk).
    let answer!: () => void
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    server.use(
      http.get('/api/faqs', async () => {
        await answered
        return HttpResponse.json([])
      }),
    )
    await renderApp('/faq')
    expect(await screen.findByText('正在加载常见问题…')).toBeInTheDocument()
    answer()
    expect(await screen.findByText('暂无常见问题')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: '问题列表' })).not.toBeInTheDocument()
  })

  it('on a failure only logs and shows the empty list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveFaqs({ answers: { zh: 'error' } })
    await renderApp('/faq')
    expect(await screen.findByText('暂无常见问题')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('Failed to fetch the FAQ', expect.anything())
  })

  it('fetches the questions again in the new language when it changes', async () => {
    const calls = serveFaqs()
    await renderApp('/faq')
    expect(await screen.findByRole('button', { name: '如何加入服务器？' })).toBeInTheDocument()
    await act(() => i18next.changeLanguage('en'))
    expect(await screen.findByRole('button', { name: 'How do I join a server?' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'FAQ' })).toBeInTheDocument()
    expect(screen.queryByText('如何加入服务器？')).not.toBeInTheDocument()
    await waitFor(() => expect(calls.languages).toEqual(['zh', 'en']))
  })
})
