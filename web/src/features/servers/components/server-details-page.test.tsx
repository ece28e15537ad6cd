import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { configWith } from '@/testing/fixtures'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { serverJson } from '../testing/server-fixtures'

const start = 1763700000
const history = Array.from({ length: 288 }, (_, i) => ({ t: start + i * 300, players: i === 100 ? 14 : i % 2 ? 6 : 4 }))

function serveDetails() {
  const ids: string[] = []
  server.use(
    http.get('/api/servers/:id', ({ params }) => {
      ids.push(String(params.id))
      if (params.id !== '1.2.3.4:27015') {
        return HttpResponse.json({ error: 'SERVER_NOT_FOUND', message: 'no such server' }, { status: 404 })
      }
      return HttpResponse.json({
        server: {
          ...serverJson({ ip: '1.2.3.4', name: 'Alpha DM', players: '5/16', players_max: 16, region: 'ap-tokyo', map: 'de_nuke' }),
          ping: 12,
          tickrate: 64,
        },
        history: [...history.slice(0, -1), { t: start + 287 * 300, players: 5 }],
      })
    }),
  )
  return ids
}

/** The value card labelled `label`. */
const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement

/** Serves one server (as the backend sends it) with `history`. */
function serveOne(fields: Record<string, unknown>, points = history) {
  server.use(
    http.get('/api/servers/:id', () =>
      HttpResponse.json({ server: { ...serverJson({ ip: '5.6.7.8', name: 'Bravo' }), ...fields }, history: points }),
    ),
  )
  return renderApp(`/servers/details/5.6.7.8%3A27015`)
}

describe('server details page', () => {
  it('shows the live server, the join and copy buttons, the 24 h chart and links', async () => {
    const ids = serveDetails()
    const { user } = await renderApp('/servers/details/1.2.3.4%3A27015?from=qq')
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpha DM' })).toBeInTheDocument()
    expect(ids).toEqual(['1.2.3.4:27015'])
    expect(screen.getByText('5/16')).toBeInTheDocument()
    expect(screen.getByText('东京')).toBeInTheDocument()
    expect(screen.getByText('de_nuke')).toBeInTheDocument()
    expect(stat('延迟')).toHaveTextContent(/^12 毫秒$/)
    expect(stat('Tick 率')).toHaveTextContent(/^64$/)
    expect(stat('地址')).toHaveTextContent(/^1\.2\.3\.4:27015$/)
    expect(screen.getByRole('link', { name: '连接' })).toHaveAttribute('href', 'steam://connect/1.2.3.4:27015')
    const chart = screen.getByRole('img', { name: /过去 24 小时在线人数/ })
    expect(chart).toHaveAccessibleName('过去 24 小时在线人数：峰值 14 人，平均 5 人，当前 5 人')
    expect(screen.getByRole('table', { name: '每小时在线人数峰值' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: '返回服务器列表' })).toHaveAttribute('href', '/servers?from=qq')

    await user.click(screen.getByRole('link', { name: '查看服务器规则' }))
    expect(await screen.findByRole('heading', { level: 1, name: '服务器规则' })).toBeInTheDocument()
    const rules = screen.getByRole('list', { name: '服务器规则列表' })
    expect(within(rules).getAllByRole('listitem')).toHaveLength(8)
    expect(rules).toHaveTextContent('禁止作弊')
    expect(rules).toHaveTextContent('公屏使用英文')
    expect(screen.getByRole('link', { name: '返回服务器详情' })).toHaveAttribute(
      'href',
      '/servers/details/1.2.3.4%3A27015?from=qq',
    )
  })

  it('says so when the server does not exist', async () => {
    serveDetails()
    await renderApp('/servers/details/9.9.9.9%3A1')
    expect(await screen.findByText('服务器不存在或已下线')).toBeInTheDocument()
  })

  it('hides the rules link when the rules flag is off', async () => {
    serveDetails()
    await renderApp('/servers/details/1.2.3.4%3A27015', { config: configWith({ servers: { features: { rules: false } } }) })
    await screen.findByRole('heading', { level: 1, name: 'Alpha DM' })
    expect(screen.queryByRole('link', { name: '查看服务器规则' })).not.toBeInTheDocument()
  })

  it('shows a dash, not a blank, for what an offline server does not report', async () => {
    await serveOne({ open: 0, map: '', players: '0/0', players_max: 0, ping: null, tickrate: null })
    await screen.findByRole('heading', { level: 1, name: 'Bravo' })
    expect(stat('地图')).toHaveTextContent(/^—$/)
    expect(stat('玩家')).toHaveTextContent(/^—$/)
    expect(stat('延迟')).toHaveTextContent(/^—$/)
    expect(stat('Tick 率')).toHaveTextContent(/^—$/)
    expect(stat('状态')).toHaveTextContent('离线')
  })

  it('shows a round trip under a millisecond as such', async () => {
    await serveOne({ ping: 0, tickrate: 64 })
    await screen.findByRole('heading', { level: 1, name: 'Bravo' })
    expect(stat('延迟')).toHaveTextContent(/^< 1 毫秒$/)
  })

  it('shows a dash for ping and tickrate when the backend does not send them', async () => {
    await serveOne({})
    await screen.findByRole('heading', { level: 1, name: 'Bravo' })
    expect(stat('延迟')).toHaveTextContent(/^—$/)
    expect(stat('Tick 率')).toHaveTextContent(/^—$/)
  })

  it('takes the current count for card and chart from the live server, not the last history bucket', async () => {
    const points = [
      { t: start, players: 10 },
      { t: start + 300, players: 15 },
    ]
    await serveOne({ players: '14/20', players_max: 20, ping: 3, tickrate: 64 }, points)
    await screen.findByRole('heading', { level: 1, name: 'Bravo' })
    expect(stat('玩家')).toHaveTextContent(/^14\/20$/)
    const chart = screen.getByRole('img', { name: /过去 24 小时在线人数/ })
    expect(chart).toHaveAccessibleName(expect.stringContaining('当前 14 人'))
    expect(chart).toHaveAccessibleName(expect.stringContaining('峰值 15 人'))
  })
})
