import { Users } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadingOverlay } from '@/components/ui/loading-overlay'
import { Spinner } from '@/components/ui/spinner'
import { DESKTOP_MEDIA_QUERY, LEADERBOARD_TOP_PLAYERS } from '@/lib/constants'
import { useSessionUser } from '@/lib/session'
import { useMediaQuery } from '@/lib/use-media-query'
import type { BoardQuery } from '../api/leaderboard-api'
import { useBoardList, useTopPlayers } from '../hooks/use-board'
import { useLatestSeasonPrefetch } from '../hooks/use-latest-season-prefetch'
import { useMyEntry } from '../hooks/use-my-entry'
import { useSeasonScope } from '../hooks/use-season-scope'
import { useSeasons } from '../hooks/use-seasons'
import { toggleGroup, type GroupFilter } from '../model/groups'
import { DEFAULT_MODE, type LeaderboardMode } from '../model/modes'
import type { LeaderboardPlayer } from '../model/player'
import { GroupFilterToggles, ModeSwitch } from './board-controls'
import { LeaderboardCards } from './leaderboard-cards'
import { LeaderboardTable } from './leaderboard-table'
import { LoadMoreMarker } from './load-more-marker'
import { PersonalStats } from './personal-stats'
import { PlayerDetailDialog } from './player-detail-dialog'
import { ScopeSwitch } from './scope-switch'
import { TopPlayers } from './top-players'

const NO_GROUPS: GroupFilter[] = []

/** Everything below the page heading: scope, mode and group filter over an endless list (spec 001 §2.9, §4). */
export function LeaderboardBoard() {
  const { t } = useTranslation('leaderboard')
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY)
  const user = useSessionUser()

  const { seasons, settled: seasonsSettled } = useSeasons()
  const { scope, latest, chooseAllTime, chooseSeason, chooseSeasonType } = useSeasonScope(seasons, seasonsSettled)
  const [mode, setMode] = useState<LeaderboardMode>(DEFAULT_MODE)
  const [groups, setGroups] = useState<GroupFilter[]>(NO_GROUPS)
  const onToggleGroup = useCallback((group: GroupFilter) => setGroups((current) => toggleGroup(current, group)), [])

  // One object per distinct board, so the list hook can tell a new board from a re-render.
  const board = useMemo<BoardQuery | undefined>(
    () => (scope === undefined ? undefined : { mode, scope, groups }),
    [mode, scope, groups],
  )
  const list = useBoardList(board)
  const top = useTopPlayers(mode, scope, desktop)
  const mine = useMyEntry(user?.steamId, mode, scope)
  const prefetchLatest = useLatestSeasonPrefetch(mode, latest, board)

  const [opened, setOpened] = useState<LeaderboardPlayer | null>(null)
  const closeDetails = useCallback(() => setOpened(null), [])

  // The desktop top block shows the first five; the table goes on from 6 unless a filter is on
  // (then every match is listed from 1, spec 001 §4). Mobile has no top block and lists everyone.
  const hideTopFive = desktop && groups.length === 0
  const rows = useMemo(
    () => (hideTopFive ? list.players.filter((player) => player.position > LEADERBOARD_TOP_PLAYERS) : list.players),
    [hideTopFive, list.players],
  )
  const loading = list.loading || (desktop && top.loading)
  const finished = !loading && !list.hasMore && list.players.length > 0

  return (
    <>
      {user && <PersonalStats username={user.username} entry={mine.entry} loading={mine.loading} mode={mode} />}

      <div className="flex flex-wrap items-center gap-3">
        <ScopeSwitch
          scope={scope}
          seasons={seasons}
          onAllTime={chooseAllTime}
          onSeason={chooseSeason}
          onSeasonType={chooseSeasonType}
          onMenuHover={prefetchLatest}
        />
        <ModeSwitch mode={mode} onChange={setMode} />
        <GroupFilterToggles active={groups} onToggle={onToggleGroup} />
      </div>

      <LoadingOverlay loading={loading} label={t('loading')} className="min-h-48">
        <div className="flex flex-col gap-4">
          {desktop && groups.length === 0 && <TopPlayers players={top.players} mode={mode} onOpen={setOpened} />}
          {desktop ? (
            <LeaderboardTable players={rows} mode={mode} onOpen={setOpened} />
          ) : (
            <LeaderboardCards players={rows} mode={mode} onOpen={setOpened} />
          )}
          {!loading && list.players.length === 0 && (
            <EmptyState icon={Users} title={t('list.empty')} body={t('list.emptyHint')} />
          )}
        </div>
      </LoadingOverlay>

      <div className="flex flex-col items-center gap-3">
        <LoadMoreMarker
          key={list.listId}
          canLoadMore={list.canLoadMore}
          onLoadMore={list.loadMore}
          failures={list.failures}
          rows={list.players.length}
        />
        {list.loadingMore && (
          <output className="flex items-center gap-2 text-sm text-zinc-400">
            <Spinner className="size-4" />
            {t('loadingMore')}
          </output>
        )}
        {finished && <p className="px-4 text-center text-sm text-zinc-500">{t('endOfList')}</p>}
      </div>

      <PlayerDetailDialog player={opened} mode={mode} onClose={closeDetails} />
    </>
  )
}
