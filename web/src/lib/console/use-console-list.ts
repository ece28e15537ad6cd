import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'
import type { ErrorNamespace } from '@/lib/error-text'
import { logged } from '@/lib/logged'
import { listPageSchema, type ListPage } from './list-page'
import {
  nextSort,
  readListParams,
  toApiQuery,
  writeListParams,
  type ListDefaults,
  type ListParams,
} from './list-params'

export interface ConsoleListOptions<T> extends ListDefaults {
  /** The list's path, e.g. /api/console/users. */
  path: string
  item: z.ZodMiniType<T>
  /** The filters the list takes besides q (kept in the URL under these names). */
  filterKeys?: readonly string[]
}

const NO_FILTERS: readonly string[] = []

export const consoleListKeys = {
  all: ['console', 'list'] as const,
  list: (path: string, query: Record<string, string | number>) => ['console', 'list', path, query] as const,
}

/**
 * A console list read from and written to the URL's search params, fetched from the server with
 * them (sorting, filtering and paging happen there). The page shown stays on screen while the
 * next one loads.
 */
export function useConsoleList<T>({ path, item, filterKeys = NO_FILTERS, ...defaults }: ConsoleListOptions<T>) {
  const [search, setSearch] = useSearchParams()
  const { sort: defaultSort, order: defaultOrder, pageSize: defaultPageSize } = defaults
  const listDefaults = useMemo<ListDefaults>(
    () => ({ sort: defaultSort, order: defaultOrder, pageSize: defaultPageSize }),
    [defaultSort, defaultOrder, defaultPageSize],
  )
  const params = useMemo(() => readListParams(search, filterKeys, listDefaults), [search, filterKeys, listDefaults])
  const apiQuery = useMemo(() => toApiQuery(params), [params])
  const schema = useMemo(() => listPageSchema(item), [item])

  const query = useQuery({
    queryKey: consoleListKeys.list(path, apiQuery),
    queryFn: ({ signal }): Promise<ListPage<T>> =>
      logged(`Failed to fetch ${path}`, apiClient.get(path, { query: apiQuery, signal, schema })),
    placeholderData: keepPreviousData,
  })

  const update = useCallback(
    (change: (current: ListParams) => ListParams) =>
      setSearch((current) => {
        const now = readListParams(current, filterKeys, listDefaults)
        return writeListParams(current, change(now), filterKeys, listDefaults)
      }),
    [setSearch, filterKeys, listDefaults],
  )

  return {
    params,
    /** The query as sent (for a download link with the same filters). */
    apiQuery,
    rows: query.data?.items ?? [],
    total: query.data?.total ?? 0,
    loading: query.isLoading,
    /** A newer page is on its way while the previous one is shown. */
    refreshing: query.isFetching && !query.isLoading,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
    setPage: (page: number) => update((p) => ({ ...p, page })),
    setPageSize: (pageSize: number) => update((p) => ({ ...p, pageSize, page: 1 })),
    toggleSort: (column: string) => update((p) => nextSort(p, column)),
    setQuery: (q: string) => update((p) => ({ ...p, q, page: 1 })),
    setFilter: (key: string, value: string) =>
      update((p) => ({ ...p, page: 1, filters: { ...p.filters, [key]: value } })),
    /** Replaces every filter at once (a filter form's submit). */
    setFilters: (filters: Record<string, string>) => update((p) => ({ ...p, page: 1, filters })),
    clearFilters: () => update((p) => ({ ...p, q: '', page: 1, filters: {} })),
  }
}

export type ConsoleList<T> = ReturnType<typeof useConsoleList<T>>

/**
 * What a DataTable takes from a console list: its rows, the sort its header buttons show and
 * change, the paging and the load state. Spread into the table: `<DataTable {...listTableProps(list)} />`.
 */
export function listTableProps<T>(list: ConsoleList<T>, errorNamespace: ErrorNamespace = 'console') {
  return {
    rows: list.rows,
    total: list.total,
    params: list.params,
    loading: list.loading,
    refreshing: list.refreshing,
    error: list.error,
    errorNamespace,
    onRetry: list.retry,
    onSort: list.toggleSort,
    onPage: list.setPage,
  }
}
