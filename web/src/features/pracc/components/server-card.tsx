import { Crown, Loader2, Users } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { useServerCommands } from '../hooks/use-server-commands'
import { cardActions, isCardFrozen, isCardInactive, type CardState } from '../model/card-actions'
import { expiryLabel } from '../model/expiry'
import { connectCommand, serverExpired, type RentedServer } from '../model/rented-server'
import { isEnded, runningJob, statusDot } from '../model/server-status'
import { CardActionBar, type DialogAction } from './card-action-bar'
import { MaintenanceOverlay } from './maintenance-overlay'
import { StatusDot } from './status-dot'
import { useRegionLabel } from './use-region-label'

interface ServerCardProps {
  server: RentedServer
  now: number
  onOpen: (action: DialogAction, server: RentedServer) => void
}

function useStatusLabel() {
  const { t, i18n } = useTranslation('pracc-servers')
  return (status: string) => {
    const key = `statuses.${status.toUpperCase()}`
    return i18n.exists(`pracc-servers:${key}`) ? t(key as 'statuses.RUNNING') : status
  }
}

function RoleBadge({ owner }: { owner: boolean }) {
  const { t } = useTranslation('pracc-servers')
  const Icon = owner ? Crown : Users
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold',
        owner ? 'border-brand-500/40 bg-brand-500/10 text-brand-300' : 'border-sky-400/30 bg-sky-400/10 text-sky-200',
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {owner ? t('card.owner') : t('card.member')}
    </span>
  )
}

/** A rented server (spec 001 §2.2, §4): who you are on it, where and until when it runs, and its buttons. */
export function ServerCard({ server, now, onOpen }: ServerCardProps) {
  const { t } = useTranslation('pracc-servers')
  const regionLabel = useRegionLabel()
  const statusLabel = useStatusLabel()
  const titleId = useId()
  const commands = useServerCommands(server)
  const expired = serverExpired(server, now)
  const launchFailed = server.status.toUpperCase() === 'LAUNCH_FAILED'
  const job = runningJob(server.status)
  const state: CardState = {
    isOwner: server.isOwner,
    expired,
    maintenance: server.maintenance,
    switching: server.status.toUpperCase() === 'SWITCHING',
    restarting: commands.restarting,
    relocatable: server.relocatable,
    jobRunning: job !== null,
    ended: isEnded(server.status),
    hasAddress: server.address !== '',
  }
  const frozen = isCardFrozen(state)
  const inactive = isCardInactive(state)
  // A server that is gone says so (terminated, launch failed) rather than merely expired.
  const shownStatus = expired && !state.ended ? t('statuses.EXPIRED') : statusLabel(server.status)
  const progress = commands.restarting
    ? t('card.restarting')
    : state.switching
      ? t('card.switching')
      : job === 'verify'
        ? t('card.verifying')
        : job === 'update'
          ? t('card.updating')
          : null

  return (
    <article
      aria-labelledby={titleId}
      data-testid="server-card"
      data-inactive={inactive}
      className={cn(
        'relative w-full rounded-2xl border bg-ink-850/80 p-4 transition-opacity sm:w-[500px] sm:max-w-full',
        expired ? 'border-red-500/20' : 'border-white/[0.08]',
      )}
    >
      <div inert={frozen} className={cn('flex flex-col gap-3', frozen && 'pointer-events-none', inactive && 'opacity-70')}>
        <header className="flex items-center gap-2.5">
          <StatusDot dot={statusDot(server.status, expired)} label={t('card.status', { status: shownStatus })} />
          <h3 id={titleId} className="min-w-0 flex-1 truncate text-base font-bold text-white" title={server.name}>
            {server.name}
          </h3>
          <RoleBadge owner={server.isOwner} />
        </header>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-zinc-500">{t('card.region')}</dt>
          <dd className="text-zinc-200">{regionLabel(server.region)}</dd>
          <dt className="text-zinc-500">{t('card.id')}</dt>
          <dd className="truncate font-mono text-xs leading-5 text-zinc-300">{server.id}</dd>
          <dt className="text-zinc-500">{t('card.expires')}</dt>
          <dd data-testid="server-expiry" className={cn('tabular-nums', expired ? 'text-red-300' : 'text-zinc-200')}>
            {expiryLabel(server) ?? t('card.noExpiry')}
          </dd>
        </dl>
        {launchFailed && (
          <p className="rounded-lg border border-amber-500/25 bg-amber-500/10 px-3 py-2 text-xs text-amber-100">
            {t('card.launchFailed')}
          </p>
        )}
        {progress && (
          <output className="flex items-center gap-2 text-xs text-sky-200">
            <Loader2 className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            {progress}
          </output>
        )}
        <CardActionBar
          rules={cardActions(state)}
          copyText={connectCommand(server)}
          onOpen={(action) => onOpen(action, server)}
          onRestart={commands.restart}
          onJob={commands.startJob}
          jobPending={commands.jobPending}
        />
      </div>
      {server.maintenance && <MaintenanceOverlay status={shownStatus} text={server.maintenanceText} />}
    </article>
  )
}
