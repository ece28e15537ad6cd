import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { server } from '@/testing/msw-server'
import { renderApp } from '@/testing/render-app'
import { signInAs } from '@/lib/console/testing/console-fixtures'
import { csvQuery, detailsText } from './audit-api'

const ENTRY = {
  id: 1,
  at: 1_800_000_000,
  actor: 'op:76561198000000001',
  action: 'vip.grant',
  target: 'user:9',
  details: { days: 30, reason: 'prize' },
}

function serveAudit() {
  const asked: URLSearchParams[] = []
  server.use(
    http.get('/api/console/audit', ({ request }) => {
      asked.push(new URL(request.url).searchParams)
      return HttpResponse.json({ items: [ENTRY], total: 1, page: 1, page_size: 25 })
    }),
  )
  return asked
}

describe('the audit log screen', () => {
  it('lists entries newest first with their details', async () => {
    signInAs()
    const asked = serveAudit()
    await renderApp('/console/audit')
    const table = await screen.findByRole('table', { name: /审计日志/ })
    expect(within(table).getByText('vip.grant')).toBeInTheDocument()
    expect(within(table).getByText('{"days":30,"reason":"prize"}')).toBeInTheDocument()
    expect(asked[0].get('sort')).toBe('at')
    expect(asked[0].get('order')).toBe('desc')
  })

  it('filters by actor, action and a GMT+8 time range, kept in the URL', async () => {
    signInAs()
    const asked = serveAudit()
    const { user, location } = await renderApp('/console/audit')
    await screen.findByRole('table', { name: /审计日志/ })
    await user.type(screen.getByRole('textbox', { name: '操作' }), 'vip.grant')
    await user.type(screen.getByLabelText('起始时间'), '2027-01-15T08:00')
    await user.click(screen.getByRole('button', { name: '搜索' }))
    await waitFor(() => expect(asked.at(-1)?.get('action')).toBe('vip.grant'))
    // 08:00 GMT+8 is 00:00 UTC.
    expect(asked.at(-1)?.get('from')).toBe(String(Date.UTC(2027, 0, 15) / 1000))
    expect(location().search).toContain('action=vip.grant')
    expect(screen.getByRole('textbox', { name: '操作' })).toHaveValue('vip.grant')
    expect(screen.getByLabelText('起始时间')).toHaveValue('2027-01-15T08:00')
  })

  it('downloads the CSV of the same filters with the login token', async () => {
    signInAs()
    serveAudit()
    const seen: { search: string; auth: string | null }[] = []
    server.use(
      http.get('/api/console/audit.csv', ({ request }) => {
        seen.push({ search: new URL(request.url).search, auth: request.headers.get('Authorization') })
        return new HttpResponse('\uFEFFid,at\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-log-x.csv"' },
        })
      }),
    )
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:audit')
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} })
    const { user } = await renderApp('/console/audit?actor=op%3A1&page=2')
    await screen.findByRole('table', { name: /审计日志/ })
    await user.click(screen.getByRole('button', { name: '下载 CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect(seen).toEqual([{ search: '?actor=op%3A1', auth: expect.stringMatching(/^Bearer /) }])
    expect(createObjectURL).toHaveBeenCalled()
  })
})

describe('audit helpers', () => {
  it('sends only the filters to the export, and shows details as one line', () => {
    expect(csvQuery({ actor: 'a', to: '5', sort: 'at' })).toEqual({ actor: 'a', to: '5' })
    expect(detailsText(null)).toBe('')
    expect(detailsText('text')).toBe('text')
    expect(detailsText({ a: 1 })).toBe('{"a":1}')
  })
})
