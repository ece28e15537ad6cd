import { RefreshCw, Server, Zap } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { deferredComponent } from '@/components/ui/deferred-component'
import { DeferredDialog, DeferredPart } from '@/components/ui/deferred-part'
import { LoadingOverlay } from '@/components/ui/loading-overlay'
import { PageFrame } from '@/components/ui/page-frame'
import { useAppConfig } from '@/lib/config/config-context'
import { DESKTOP_MEDIA_QUERY } from '@/lib/constants'
import { loadNamespace } from '@/lib/i18n'
import { useMediaQuery } from '@/lib/use-media-query'
import { useServerFilters, type FilterOptions } from '../hooks/use-server-filters'
import { useFullServerList, useServerList } from '../hooks/use-server-list'
import { filterServers } from '../model/filters'
import { holdOrder } from '../model/held-order'
import { isKnownRegion, KNOWN_REGIONS } from '../model/regions'
import type { ServerItem } from '../model/server-model'
import { DEFAULT_SORT, nextSort, sortServers, type SortKey, type SortState } from '../model/sorting'
import type { PlayerPopupProps } from './player-popup'
import type { QuickJoinDialogProps } from './quick-join-dialog'
import { ServerFiltersBar } from './server-filters-bar'
import { ServerTable } from './server-table'

// Neither shows on the page's first paint: the player popup loads with the first name pressed, the
// quick-join dialog with its first opening (issue 17, fourth round), each with the strings the list
// does not use (servers-extra), in parallel with its code.
const playerPopup = deferredComponent<PlayerPopupProps>(
  async () => (await Promise.all([import('./player-popup'), loadNamespace('servers-extra')]))[0].PlayerPopup,
)
const quickJoinDialog = deferredComponent<QuickJoinDialogProps>(
  async () => (await Promise.all([import('./quick-join-dialog'), loadNamespace('servers-extra')]))[0].QuickJoinDialog,
)

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b))
/** Region codes in the order of KNOWN_REGIONS (China first), unknown codes after them. */
const regionOrder = (codes: string[]) => {
  const rank = (code: string) => (isKnownRegion(code) ? KNOWN_REGIONS.indexOf(code) : KNOWN_REGIONS.length)
  return distinct(codes).sort((a, b) => rank(a) - rank(b))
}

const EMPTY: ServerItem[] = []

/** The server list (spec 000 §2.7, §4.5): filters, sortable windowed table, player popup, quick join. */
export function ServersPage() {
  const { t } = useTranslation('servers')
  const { servers: serversConfig } = useAppConfig()
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY)

  const filtersOn = serversConfig.features.filters
  const full = useFullServerList()
  const all = full.data
  const options = useMemo<FilterOptions | null>(
    () => (all ? { maps: distinct(all.map((s) => s.map)), regions: regionOrder(all.map((s) => s.region)) } : null),
    [all],
  )
  const { filters, update, reset, ready } = useServerFilters(options, filtersOn)
  const { modes, maps, regions, hideFull, hideEmpty, hideOffline } = filters
  const serverQuery = useMemo(() => ({ modes, maps, regions }), [modes, maps, regions])
  const list = useServerList(full, serverQuery, ready)

  // Not deferred: filtering 1,000 servers and rendering the windowed rows fits in the key's own frame;
  // useDeferredValue cost a second frame before the filtered list showed (bench/web/filter-typing.mjs).
  const search = filters.search
  const filtered = useMemo(
    () => filterServers(list.servers, { search, modes, maps, regions, hideFull, hideEmpty, hideOffline }),
    [list.servers, search, modes, maps, regions, hideFull, hideEmpty, hideOffline],
  )
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT)
  const sorted = useMemo(() => sortServers(filtered, sort), [filtered, sort])
  const onSort = useCallback((key: SortKey) => setSort((current) => nextSort(current, key)), [])

  // Fresh numbers from every refresh (the 30 s one too), but while the pointer is over the list the
  // rows keep their places until it leaves, or the user sorts or filters (issue 13).
  const [pointerOver, setPointerOver] = useState(false)
  const orderKey = JSON.stringify([sort, search, modes, maps, regions, hideFull, hideEmpty, hideOffline])
  const [held, setHeld] = useState<{ key: string; rows: ServerItem[] } | null>(null)
  if (pointerOver && held?.key !== orderKey) setHeld({ key: orderKey, rows: sorted })
  if (!pointerOver && held) setHeld(null)
  const latest = useMemo(() => new Map([...(all ?? []), ...list.servers].map((server) => [server.id, server])), [all, list.servers])
  const rows = useMemo(
    () => (pointerOver && held?.key === orderKey ? holdOrder(held.rows, sorted, latest) : sorted),
    [pointerOver, held, orderKey, sorted, latest],
  )

  const [popup, setPopup] = useState<{ server: ServerItem; anchor: HTMLElement } | null>(null)
  const closePopup = useCallback(() => setPopup(null), [])
  const onShowPlayers = useCallback(
    (server: ServerItem, anchor: HTMLElement) =>
      setPopup((current) => (current?.server.id === server.id ? null : { server, anchor })),
    [],
  )
  const [quickJoinOpen, setQuickJoinOpen] = useState(false)

  const refreshLabel = list.refreshing
    ? t('toolbar.refreshing')
    : list.cooldown > 0
      ? t('toolbar.refreshCountdown', { seconds: list.cooldown })
      : t('toolbar.refresh')

  return (
    <PageFrame
      title={t('title')}
      description={t('description')}
      icon={Server}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => void list.refresh()}
            disabled={list.refreshing || list.cooldown > 0}
            aria-label={list.cooldown > 0 ? t('toolbar.refreshIn', { seconds: list.cooldown }) : undefined}
            className="min-w-28 tabular-nums"
          >
            <RefreshCw aria-hidden="true" className={list.refreshing ? 'animate-spin' : undefined} />
            {refreshLabel}
          </Button>
          {desktop && serversConfig.features.quickJoin && (
            <Button onClick={() => setQuickJoinOpen(true)}>
              <Zap aria-hidden="true" />
              {t('toolbar.quickJoin')}
            </Button>
          )}
        </div>
      }
    >
      {filtersOn && (
        <ServerFiltersBar
          filters={filters}
          onChange={update}
          onReset={reset}
          maps={options?.maps ?? []}
          regions={options?.regions ?? []}
          desktop={desktop}
        />
      )}
      <div className="flex flex-col gap-2">
        {/* data-search: the search these rows were filtered by (bench/web/filter-typing.mjs waits for it). */}
        <p className="px-1 text-xs text-zinc-500" aria-live="polite" data-testid="server-count" data-search={search}>
          {t('table.count', { shown: rows.length, total: all?.length ?? list.servers.length })}
        </p>
        <LoadingOverlay loading={list.loading} label={t('loading')}>
          <ServerTable
            rows={rows}
            sort={sort}
            onSort={onSort}
            onShowPlayers={onShowPlayers}
            popupId={popup?.server.id ?? null}
            desktop={desktop}
            loading={list.loading}
            emptyHint={filtersOn ? t('table.emptyHint') : t('table.emptyHintNoFilters')}
            onPointerOverChange={setPointerOver}
          />
        </LoadingOverlay>
      </div>
      {popup && (
        <DeferredPart
          key={popup.server.id}
          part={playerPopup}
          props={{
            server: popup.server,
            anchor: popup.anchor,
            onClose: closePopup,
            showDetailsLink: serversConfig.features.details,
          }}
        />
      )}
      {serversConfig.features.quickJoin && (
        <DeferredDialog
          part={quickJoinDialog}
          props={{ open: quickJoinOpen, onOpenChange: setQuickJoinOpen, servers: all ?? EMPTY }}
        />
      )}
    </PageFrame>
  )
}
