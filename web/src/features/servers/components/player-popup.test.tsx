import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { serverJson } from '../testing/server-fixtures'

const list = [
  serverJson({ ip: '1.1.1.1', name: 'Alpha', players: '2/10' }),
  serverJson({ ip: '2.2.2.2', name: 'Bravo', players: '1/10' }),
]

/** Serves the players of 1.1.1.1 and counts the calls per server. */
function servePlayers(answer: () => Response | Promise<Response>) {
  const calls: string[] = []
  server.use(
    http.get('/api/servers', () => HttpResponse.json(list)),
    http.get('/api/server/info', ({ request }) => {
      const url = new URL(request.url)
      calls.push(`${url.searchParams.get('ip')}:${url.searchParams.get('port')}`)
      return answer()
    }),
  )
  return calls
}

const players = () =>
  HttpResponse.json({
    players: { list: [{ name: 'alice', raw: { time: 103.25 } }, { name: 'bob', raw: { time: 0 } }, { name: 'carol' }] },
  })

async function openPopup(name: string) {
  const trigger = await screen.findByRole('button', { name: `查看 ${name} 的在线玩家` })
  fireEvent.click(trigger)
  return { trigger, dialog: await screen.findByRole('dialog', { name: '在线玩家' }) }
}

describe('player popup', () => {
  it('shows loading, then the players with their time played; Escape closes and returns focus', async () => {
    // The answer waits until the loading line was seen: the popup's code loads on first use, and the
    // players could otherwise arrive before it shows.
    let answerNow!: () => void
    const answerHeld = new Promise<void>((resolve) => {
      answerNow = resolve
    })
    servePlayers(async () => {
      await answerHeld
      return players()
    })
    await renderApp('/servers')
    const { trigger, dialog } = await openPopup('Alpha')
    expect(await within(dialog).findByText('正在加载玩家…')).toBeInTheDocument()
    answerNow()
    expect(await within(dialog).findByText('alice')).toBeInTheDocument()
    const rows = within(dialog).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['alice00:01:43', 'bob--:--:--', 'carol--:--:--'])
    expect(dialog).toHaveStyle({ width: '280px' })
    expect(dialog).toHaveFocus()
    expect(trigger).toHaveAttribute('aria-expanded', 'true')

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: '在线玩家' })).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()
  })

  it('lists the longest-playing players first and names the nameless', async () => {
    servePlayers(() =>
      HttpResponse.json({
        players: {
          list: [
            { name: 'bob', raw: { time: 0 } },
            { name: 'carol' },
            { name: 'dave', raw: { time: 30 } },
            { name: 'alice', raw: { time: 3725 } },
            { name: '', raw: { time: 50 } },
          ],
        },
      }),
    )
    await renderApp('/servers')
    const { dialog } = await openPopup('Alpha')
    await within(dialog).findByText('alice')
    const rows = within(dialog).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'alice01:02:05',
      '（未知玩家）00:00:50',
      'dave00:00:30',
      'bob--:--:--',
      'carol--:--:--',
    ])
  })

  it('opens the details page in place from a link without a new-tab icon', async () => {
    servePlayers(players)
    const { user } = await renderApp('/servers')
    const { dialog } = await openPopup('Alpha')
    const link = within(dialog).getByRole('link', { name: '服务器详情' })
    expect(link).toHaveAttribute('href', '/servers/details/1.1.1.1%3A27015')
    expect(link).not.toHaveAttribute('target')
    expect(link.querySelector('.lucide-external-link')).toBeNull()
    expect(link.querySelector('.lucide-chevron-right')).not.toBeNull()
    server.use(
      http.get('/api/servers/:id', () =>
        HttpResponse.json({ server: { ...list[0], ping: 3, tickrate: 64 }, history: [] }),
      ),
    )
    await user.click(link)
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpha' })).toBeInTheDocument()
  })

  it('shows the error text in red when the call fails', async () => {
    servePlayers(() => HttpResponse.json({ error: 'SERVER_NOT_FOUND', message: 'no' }, { status: 404 }))
    await renderApp('/servers')
    const { dialog } = await openPopup('Alpha')
    const error = await within(dialog).findByRole('alert')
    expect(error).toHaveTextContent('获取玩家信息失败，请稍后再试')
    expect(error).toHaveClass('text-danger-400')
  })

  it('says so when nobody is playing', async () => {
    servePlayers(() => HttpResponse.json({ players: { list: [] } }))
    await renderApp('/servers')
    const { dialog } = await openPopup('Alpha')
    expect(await within(dialog).findByText('当前没有玩家在线')).toBeInTheDocument()
  })

  it('closes on an outside click, its close button and when a scroll moves the name away', async () => {
    servePlayers(players)
    await renderApp('/servers')
    await openPopup('Alpha')
    fireEvent.pointerDown(document.body)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    const { dialog, trigger } = await openPopup('Alpha')
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭玩家列表' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(trigger).toHaveFocus()

    const reopened = await openPopup('Alpha')
    // A scroll event that moved nothing (one queued before the popup opened) leaves it open.
    fireEvent.scroll(window)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    // Once the page moved the name, the popup is left behind and closes.
    vi.spyOn(reopened.trigger, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -200, 100, 40))
    fireEvent.scroll(window)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('caches the players per server; a manual refresh clears the cache', async () => {
    const calls = servePlayers(players)
    await renderApp('/servers')
    let { dialog } = await openPopup('Alpha')
    await within(dialog).findByText('alice')
    fireEvent.pointerDown(document.body)
    ;({ dialog } = await openPopup('Alpha'))
    expect(within(dialog).getByText('alice')).toBeInTheDocument()
    expect(calls).toEqual(['1.1.1.1:27015'])

    fireEvent.pointerDown(document.body)
    await openPopup('Bravo')
    await waitFor(() => expect(calls).toEqual(['1.1.1.1:27015', '2.2.2.2:27015']))
    fireEvent.pointerDown(document.body)

    fireEvent.click(screen.getByRole('button', { name: '刷新' }))
    await screen.findByRole('button', { name: /5 秒后可刷新/ })
    ;({ dialog } = await openPopup('Alpha'))
    await within(dialog).findByText('alice')
    expect(calls).toEqual(['1.1.1.1:27015', '2.2.2.2:27015', '1.1.1.1:27015'])
  })
})
