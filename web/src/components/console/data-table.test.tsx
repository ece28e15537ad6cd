import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { server } from '@/testing/msw-server'
import { useConsoleList } from '@/lib/console/use-console-list'
import { DataTable } from './data-table'

const person = z.object({ id: z.number(), name: z.string() })
type Person = z.infer<typeof person>
const FILTERS = ['group'] as const

function People() {
  const list = useConsoleList({ path: '/api/test/people', item: person, filterKeys: FILTERS, sort: 'name', order: 'asc' })
  const location = useLocation()
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => list.setFilter('group', 'op')}>
        only op
      </button>
      <DataTable<Person>
        caption="people"
        rows={list.rows}
        total={list.total}
        rowKey={(row) => row.id}
        params={list.params}
        loading={list.loading}
        error={list.error}
        errorNamespace="console"
        onRetry={list.retry}
        onSort={list.toggleSort}
        onPage={list.setPage}
        columns={[
          { id: 'id', header: 'Id', sortKey: 'id', render: (row) => <button type="button">{`open ${row.id}`}</button> },
          { id: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
          { id: 'act', header: 'Act', render: (row) => <button type="button">{`act ${row.id}`}</button> },
        ]}
      />
    </>
  )
}

function renderList(path = '/people', wrap: (node: ReactNode) => ReactNode = (node) => node) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([{ path: '/people', element: wrap(<People />) }], { initialEntries: [path] })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup() }
}

function serve(total = 60) {
  const asked: URLSearchParams[] = []
  server.use(
    http.get('/api/test/people', ({ request }) => {
      const query = new URL(request.url).searchParams
      asked.push(query)
      const page = Number(query.get('page'))
      const size = Number(query.get('page_size'))
      const items = Array.from({ length: Math.max(0, Math.min(size, total - (page - 1) * size)) }, (_, i) => ({
        id: (page - 1) * size + i + 1,
        name: `p${(page - 1) * size + i + 1}`,
      }))
      return HttpResponse.json({ items, total, page, page_size: size })
    }),
  )
  return asked
}

describe('the console data table with its list hook', () => {
  it('sends the defaults and shows the page with its count', async () => {
    const asked = serve()
    renderList()
    expect(await screen.findByText('p1')).toBeInTheDocument()
    expect(Object.fromEntries(asked[0])).toEqual({ page: '1', page_size: '25', order: 'asc', sort: 'name' })
    expect(screen.getByText('第 1 / 3 页，共 60 条')).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending')
    expect(screen.getByRole('columnheader', { name: /Id/ })).toHaveAttribute('aria-sort', 'none')
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled()
  })

  it('sorts with the header buttons and keeps sort, order and page in the URL', async () => {
    const asked = serve()
    const { user } = renderList()
    await screen.findByText('p1')
    await user.click(screen.getByRole('button', { name: '下一页' }))
    await screen.findByText('p26')
    expect(screen.getByTestId('search')).toHaveTextContent('?page=2')
    await user.click(within(screen.getByRole('columnheader', { name: /Id/ })).getByRole('button'))
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?sort=id&order=desc'))
    expect(screen.getByRole('columnheader', { name: /Id/ })).toHaveAttribute('aria-sort', 'descending')
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('id'))
    expect(asked.at(-1)?.get('page')).toBe('1')
  })

  it('reads its state from the URL and a filter goes back to page 1', async () => {
    const asked = serve()
    const { user } = renderList('/people?page=2&q=bob')
    await screen.findByText('p26')
    expect(asked[0].get('q')).toBe('bob')
    await user.click(screen.getByRole('button', { name: 'only op' }))
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?q=bob&group=op'))
    await waitFor(() => expect(asked.at(-1)?.get('group')).toBe('op'))
  })

  it('moves between rows with the arrow keys', async () => {
    serve(3)
    const { user } = renderList()
    await screen.findByText('p1')
    screen.getByRole('button', { name: 'act 1' }).focus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('button', { name: 'act 2' })).toHaveFocus()
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(screen.getByRole('button', { name: 'act 3' })).toHaveFocus()
    await user.keyboard('{ArrowUp}')
    expect(screen.getByRole('button', { name: 'act 2' })).toHaveFocus()
  })

  it('shows the empty state', async () => {
    serve(0)
    renderList()
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument()
  })

  it('shows a failure in the user language with a retry that asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    let calls = 0
    server.use(
      http.get('/api/test/people', () => {
        calls++
        return HttpResponse.json(
          { error: 'VALIDATION_FAILED', message: 'sort', details: { field: 'sort' } },
          { status: 422 },
        )
      }),
    )
    const { user } = renderList()
    expect(await screen.findByRole('alert')).toHaveTextContent('输入有误，请检查后重试')
    await user.click(screen.getByRole('button', { name: '重试' }))
    await waitFor(() => expect(calls).toBe(2))
  })
})
