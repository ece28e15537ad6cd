// The query of a console list (docs/console.md, Conventions) and its place in the URL's search
// params: page, page_size, sort, order, q and the list's own filters. Defaults stay out of the URL.
export type SortOrder = 'asc' | 'desc'

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** Keys the list owns itself; every other search param is one of the list's filters. */
const RESERVED = new Set(['page', 'page_size', 'sort', 'order', 'q'])

export interface ListParams {
  page: number
  pageSize: number
  sort: string | null
  order: SortOrder
  q: string
  /** The list's own filters, only those with a value. */
  filters: Record<string, string>
}

export interface ListDefaults {
  sort?: string | null
  order?: SortOrder
  pageSize?: number
}

function positiveInt(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback
  const value = Number(raw)
  return value >= 1 && value <= max ? value : fallback
}

/**
 * Reads a list's query from the URL. `filterKeys` names the filters the list knows: other params
 * are left alone (they may belong to the screen, such as a selected row).
 */
export function readListParams(
  search: URLSearchParams,
  filterKeys: readonly string[],
  defaults: ListDefaults = {},
): ListParams {
  const order = search.get('order')
  const filters: Record<string, string> = {}
  for (const key of filterKeys) {
    const value = search.get(key)
    if (value && !RESERVED.has(key)) filters[key] = value
  }
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize: positiveInt(search.get('page_size'), defaults.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: search.get('sort') || (defaults.sort ?? null),
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'desc'),
    q: search.get('q') ?? '',
    filters,
  }
}

/**
 * Writes `next` into a copy of `search`, leaving defaults and empty values out and keeping params
 * the list does not own.
 */
export function writeListParams(
  search: URLSearchParams,
  next: ListParams,
  filterKeys: readonly string[],
  defaults: ListDefaults = {},
): URLSearchParams {
  const out = new URLSearchParams(search)
  const put = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key))
  put('page', next.page > 1 ? String(next.page) : null)
  put('page_size', next.pageSize !== (defaults.pageSize ?? DEFAULT_PAGE_SIZE) ? String(next.pageSize) : null)
  put('sort', next.sort && next.sort !== (defaults.sort ?? null) ? next.sort : null)
  put('order', next.order !== (defaults.order ?? 'desc') ? next.order : null)
  put('q', next.q.trim() || null)
  for (const key of filterKeys) put(key, next.filters[key] ?? null)
  return out
}

/** The query sent to the server: every field the contract names, filters included. */
export function toApiQuery(params: ListParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, page_size: params.pageSize, order: params.order }
  if (params.sort) query.sort = params.sort
  if (params.q.trim()) query.q = params.q.trim()
  for (const [key, value] of Object.entries(params.filters)) query[key] = value
  return query
}

/**
 * A click on a sortable header: a new column starts descending (newest, largest first), the same
 * column flips. Any change of sort goes back to page 1.
 */
export function nextSort(params: ListParams, column: string): ListParams {
  if (params.sort === column) return { ...params, order: params.order === 'asc' ? 'desc' : 'asc', page: 1 }
  return { ...params, sort: column, order: 'desc', page: 1 }
}

/** The number of pages for `total` rows (at least 1, so "page 1 of 1" for an empty list). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** The aria-sort of a column header. */
export function ariaSort(params: Pick<ListParams, 'sort' | 'order'>, column: string): 'ascending' | 'descending' | 'none' {
  if (params.sort !== column) return 'none'
  return params.order === 'asc' ? 'ascending' : 'descending'
}
