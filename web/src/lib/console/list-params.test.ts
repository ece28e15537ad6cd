import { describe, expect, it } from 'vitest'
import {
  ariaSort,
  nextSort,
  pageCount,
  readListParams,
  toApiQuery,
  writeListParams,
  type ListParams,
} from './list-params'
import { reasonProblem } from './reason'

const FILTERS = ['actor', 'action'] as const

function read(search: string, defaults = {}) {
  return readListParams(new URLSearchParams(search), FILTERS, defaults)
}

describe('reading a list query from the URL', () => {
  it('defaults to page 1 of 25, descending, no sort, no filters', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 25, sort: null, order: 'desc', q: '', filters: {} })
  })

  it('reads every field and only the known filters', () => {
    expect(read('page=3&page_size=50&sort=at&order=asc&q=bob&actor=op:1&tab=x')).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'at',
      order: 'asc',
      q: 'bob',
      filters: { actor: 'op:1' },
    })
  })

  it.each(['0', '-1', '2.5', 'x', ''])('ignores a page of %o', (page) => {
    expect(read(`page=${page}`).page).toBe(1)
  })

  it('refuses a page size above the server limit of 100 and an unknown order', () => {
    expect(read('page_size=101&order=sideways')).toMatchObject({ pageSize: 25, order: 'desc' })
    expect(read('page_size=100').pageSize).toBe(100)
  })

  it('takes the list defaults when the URL is silent', () => {
    expect(read('', { sort: 'created_at', order: 'asc', pageSize: 10 })).toMatchObject({
      sort: 'created_at',
      order: 'asc',
      pageSize: 10,
    })
  })
})

describe('writing a list query to the URL', () => {
  const base: ListParams = { page: 1, pageSize: 25, sort: null, order: 'desc', q: '', filters: {} }

  it('leaves defaults and empty values out, keeps params it does not own', () => {
    const out = writeListParams(new URLSearchParams('tab=x&page=4&actor=a'), base, FILTERS)
    expect(out.toString()).toBe('tab=x')
  })

  it('round-trips through read', () => {
    const params: ListParams = { page: 2, pageSize: 50, sort: 'at', order: 'asc', q: ' bob ', filters: { action: 'vip' } }
    const out = writeListParams(new URLSearchParams(), params, FILTERS)
    expect(readListParams(out, FILTERS)).toEqual({ ...params, q: 'bob' })
  })
})

describe('the query sent to the server', () => {
  it('names page, page_size, order, and sort, q and filters when set', () => {
    expect(toApiQuery(read(''))).toEqual({ page: 1, page_size: 25, order: 'desc' })
    expect(toApiQuery(read('sort=at&q=%20x%20&actor=op'))).toEqual({
      page: 1,
      page_size: 25,
      order: 'desc',
      sort: 'at',
      q: 'x',
      actor: 'op',
    })
  })
})

describe('sorting and paging', () => {
  it('starts a new column descending, flips the same column, and goes back to page 1', () => {
    const first = nextSort({ ...read('page=3') }, 'name')
    expect(first).toMatchObject({ sort: 'name', order: 'desc', page: 1 })
    expect(nextSort(first, 'name')).toMatchObject({ sort: 'name', order: 'asc' })
    expect(nextSort(nextSort(first, 'name'), 'name')).toMatchObject({ order: 'desc' })
  })

  it('tells aria-sort per column', () => {
    expect(ariaSort({ sort: 'at', order: 'asc' }, 'at')).toBe('ascending')
    expect(ariaSort({ sort: 'at', order: 'desc' }, 'at')).toBe('descending')
    expect(ariaSort({ sort: 'at', order: 'desc' }, 'name')).toBe('none')
  })

  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1)
    expect(pageCount(25, 25)).toBe(1)
    expect(pageCount(26, 25)).toBe(2)
  })
})

describe('the reason of a change', () => {
  it('is required, trimmed, and at most 200 characters (code points)', () => {
    expect(reasonProblem('   ')).toBe('reasonRequired')
    expect(reasonProblem(' ok ')).toBeNull()
    expect(reasonProblem('字'.repeat(200))).toBeNull()
    expect(reasonProblem('😀'.repeat(200))).toBeNull()
    expect(reasonProblem('x'.repeat(201))).toBe('reasonTooLong')
  })
})
