import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import { useToast } from '@/components/ui/toast-context'
import { ConfirmDialog } from '@/components/console/confirm-dialog'
import { ConsolePage } from '@/components/console/console-page'
import { DataTable, type DataColumn } from '@/components/console/data-table'
import { formatUnixTime } from '@/lib/console/format'
import { logged } from '@/lib/logged'
import { LEADERBOARD_MODES, type LeaderboardMode } from '../model/modes'
import { inOpsWords } from './in-ops-words'
import { seasonName } from './season-name'
import { closeSeason, fetchSeasons, isOpen, openSeason, seasonKeys, seasonsOf, type ConsoleSeason } from './seasons-api'

type Pending = { kind: 'open' | 'close'; mode: LeaderboardMode; season?: ConsoleSeason } | null

/** /console/seasons: per leaderboard mode, the open season and the past ones; open and close. */
export function SeasonsScreen() {
  const { t } = useTranslation('console-ops')
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const [pending, setPending] = useState<Pending>(null)
  const [name, setName] = useState('')
  const [nameProblem, setNameProblem] = useState(false)
  const query = useQuery({
    queryKey: seasonKeys.all,
    queryFn: ({ signal }) => logged('Failed to fetch the seasons', fetchSeasons(signal)),
  })
  const modeName = (mode: string) => t(`modes.${mode}` as 'modes.dm', { defaultValue: mode })

  const columns: DataColumn<ConsoleSeason>[] = [
    { id: 'name', header: t('seasons.name'), render: (season) => season.name },
    { id: 'starts', header: t('seasons.startsAt'), className: 'tabular-nums', render: (season) => formatUnixTime(season.starts_at) },
    {
      id: 'ends',
      header: t('seasons.endsAt'),
      className: 'tabular-nums',
      render: (season) => (isOpen(season) ? t('seasons.current') : formatUnixTime(season.ends_at)),
    },
  ]

  const close = () => {
    setPending(null)
    setName('')
    setNameProblem(false)
  }

  return (
    <ConsolePage title={t('seasons.title')}>
      <p className="text-xs text-zinc-500">{t('common.gmt8')}</p>
      {LEADERBOARD_MODES.map((mode) => {
        const seasons = seasonsOf(query.data ?? [], mode)
        const current = seasons.find(isOpen)
        return (
          <section key={mode} aria-labelledby={`season-${mode}`} className="flex flex-col gap-3 rounded-2xl border border-white/[0.07] p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`season-${mode}`} className="text-lg font-bold text-white">
                {modeName(mode)}
              </h2>
              <div className="flex gap-2">
                <Button size="sm" onClick={() => setPending({ kind: 'open', mode })}>
                  {t('seasons.open')}
                </Button>
                {current && (
                  <Button size="sm" variant="danger" onClick={() => setPending({ kind: 'close', mode, season: current })}>
                    {t('seasons.close')}
                  </Button>
                )}
              </div>
            </div>
            <p className="text-sm text-zinc-300">
              {t('seasons.current')}: {current ? current.name : t('seasons.noneOpen')}
            </p>
            <DataTable
              caption={`${modeName(mode)} · ${t('seasons.history')}`}
              columns={columns}
              rows={seasons}
              rowKey={(season) => season.id}
              loading={query.isLoading}
              error={query.error}
              errorNamespace="console-ops"
              onRetry={() => void query.refetch()}
            />
          </section>
        )
      })}
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && close()}
          title={
            pending.kind === 'open'
              ? t('seasons.openTitle', { mode: modeName(pending.mode) })
              : t('seasons.closeTitle', { mode: modeName(pending.mode), name: pending.season?.name ?? '' })
          }
          description={t(pending.kind === 'open' ? 'seasons.openBody' : 'seasons.closeBody')}
          tone={pending.kind === 'close' ? 'danger' : 'primary'}
          confirmLabel={t(pending.kind === 'open' ? 'seasons.open' : 'seasons.close')}
          onConfirm={async (reason) => {
            if (pending.kind === 'open') {
              const valid = seasonName(name)
              setNameProblem(valid === null)
              if (valid === null) return false
              await inOpsWords(openSeason(pending.mode, valid, reason))
            } else {
              await inOpsWords(closeSeason(pending.mode, reason))
            }
            toast({ title: t(pending.kind === 'open' ? 'seasons.opened' : 'seasons.closed'), tone: 'success' })
            await queryClient.invalidateQueries({ queryKey: seasonKeys.all })
            setName('')
            return true
          }}
        >
          {pending.kind === 'open' && (
            <TextField
              label={t('seasons.nameLabel')}
              value={name}
              maxLength={64}
              onChange={(event) => setName(event.target.value)}
              message={nameProblem ? t('seasons.nameInvalid') : undefined}
            />
          )}
        </ConfirmDialog>
      )}
    </ConsolePage>
  )
}
