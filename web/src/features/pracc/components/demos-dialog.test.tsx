import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { COPY_FEEDBACK_MS, DEMO_REFRESH_THROTTLE_MS } from '@/lib/constants'
import { renderApp } from '@/testing/render-app'
import { advance, fakeClock, realClock } from '../testing/fake-clock'
import { serverJson } from '../testing/pracc-fixtures'
import { setupPracc, type PraccSetupOptions } from '../testing/pracc-setup'

const DEMOS = {
  data: {
    demos: [
      { name: '2025-03-08_de_mirage.dem', size: 52_428_800 },
      { name: '2025-03-10_de_inferno.dem', size: 73_400_320 },
      { name: '2025-03-09_de_dust2.dem', size: 1_536 },
    ],
  },
}

async function openDemos(options: PraccSetupOptions = {}) {
  const { backend, config } = await setupPracc({
    answers: { servers: [serverJson({ instance_name: 'Team', instance_id: 'ins-d' })], demos: DEMOS, ...options.answers },
  })
  const view = await renderApp('/pracc', { config })
  const card = await screen.findByRole('article', { name: 'Team' })
  await view.user.click(within(card).getByRole('button', { name: 'DEMO' }))
  return { ...view, backend, dialog: await screen.findByRole('dialog', { name: 'DEMO' }) }
}

const demoCalls = (backend: Awaited<ReturnType<typeof openDemos>>['backend']) => backend.calls('/api/scrim/server/ins-d/demos')

afterEach(() => {
  realClock()
  vi.restoreAllMocks()
})

describe('DEMO', () => {
  it('lists the recordings by name, newest first, with their sizes', async () => {
    const { dialog } = await openDemos()
    const radios = await within(dialog).findAllByRole('radio')
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      '2025-03-10_de_inferno.dem70 MB',
      '2025-03-09_de_dust2.dem1.50 KB',
      '2025-03-08_de_mirage.dem50 MB',
    ])
  })

  it('prepares the chosen recording and shows its link, with a copy button that says so for 2 s', async () => {
    const { user, dialog, backend } = await openDemos()
    const prepare = within(dialog).getByRole('button', { name: '准备下载' })
    expect(prepare).toBeDisabled()
    await user.click(await within(dialog).findByRole('radio', { name: /2025-03-09_de_dust2\.dem/ }))
    await user.click(prepare)
    const link = await screen.findByRole('dialog', { name: '下载链接' })
    expect(backend.calls('/api/scrim/server/ins-d/demos/2025-03-09_de_dust2.dem/download')).toHaveLength(1)
    expect(link).toHaveTextContent('https://cos.example.test/demo.dem?sig=1')
    expect(within(link).getByRole('link', { name: '下载' })).toHaveAttribute('href', 'https://cos.example.test/demo.dem?sig=1')

    const copy = within(link).getByRole('button', { name: '复制链接' })
    const clock = fakeClock()
    await clock.click(copy)
    await expect(navigator.clipboard.readText()).resolves.toBe('https://cos.example.test/demo.dem?sig=1')
    expect(within(link).getByRole('button', { name: '已复制' })).toBeInTheDocument()
    await advance(COPY_FEEDBACK_MS - 1)
    expect(within(link).getByRole('button', { name: '已复制' })).toBeInTheDocument()
    await advance(1)
    expect(within(link).getByRole('button', { name: '复制链接' })).toBeInTheDocument()
  })

  it('an answer without a link is a download error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user, dialog } = await openDemos({ answers: { download: { success: true, data: {} } } })
    await user.click(await within(dialog).findByRole('radio', { name: /inferno/ }))
    await user.click(within(dialog).getByRole('button', { name: '准备下载' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('下载失败')
    expect(screen.queryByRole('dialog', { name: '下载链接' })).not.toBeInTheDocument()
  })

  it('refreshes at most once per 3 s', async () => {
    const { dialog, backend } = await openDemos()
    await within(dialog).findAllByRole('radio')
    expect(demoCalls(backend)).toHaveLength(1)
    const clock = fakeClock()
    const refresh = within(dialog).getByRole('button', { name: '刷新' })
    await clock.click(refresh)
    await advance(DEMO_REFRESH_THROTTLE_MS - 500)
    await clock.click(refresh)
    expect(demoCalls(backend)).toHaveLength(1)
    await advance(500)
    await clock.click(refresh)
    await vi.waitFor(() => expect(demoCalls(backend)).toHaveLength(2))
    await clock.click(refresh)
    expect(demoCalls(backend)).toHaveLength(2)
  })

  it('a failed list says so; its retry asks again at once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, dialog, backend } = await openDemos({ answers: { demos: { error: [500, 'INTERNAL_ERROR'] } } })
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('获取 DEMO 列表失败')
    backend.answers.demos = DEMOS
    await user.click(within(alert).getByRole('button', { name: '重试' }))
    expect(await within(dialog).findAllByRole('radio')).toHaveLength(3)
  })
})
