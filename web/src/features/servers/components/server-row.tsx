import { Star } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/ui/copy-button'
import { cn } from '@/lib/cn'
import { connectCommand, isOnline, type ServerItem } from '../model/server-model'
import { JoinButton } from './join-button'
import { regionLabel } from './server-labels'
import { serverRowHeight } from './server-row-height'

interface ServerRowProps {
  server: ServerItem
  /** Opens the player popup under the clicked name. */
  onShowPlayers: (server: ServerItem, anchor: HTMLElement) => void
  popupOpen: boolean
  /** Table columns (from 1024 px) rather than a card: only that form's cells are rendered, at its height. */
  desktop: boolean
}

function ServerRowView({ server, onShowPlayers, popupOpen, desktop }: ServerRowProps) {
  const { t } = useTranslation('servers')
  const online = isOnline(server)
  const max = server.players_max ?? server.textMax
  const region = regionLabel(t, server.region)
  const status = online ? t('table.statusOnline') : t('table.statusOffline')
  return (
    <tr
      style={{ height: serverRowHeight(desktop) }}
      className={cn(
        'grid grid-cols-[minmax(0,1fr)_auto] content-center items-center gap-x-3 gap-y-1.5 border-b border-white/[0.04] px-3 transition-colors',
        'lg:table-row lg:px-0 [&>td]:transition-colors hover:bg-white/[0.03] lg:hover:bg-transparent lg:hover:[&>td]:bg-white/[0.03]',
        server.ontop > 0 && 'bg-brand-500/[0.05] lg:bg-transparent lg:[&>td]:bg-brand-500/[0.05]',
        !online && 'text-zinc-500',
      )}
    >
      <td className="col-span-2 min-w-0 lg:px-4">
        <div className="flex min-w-0 items-center gap-2">
          {server.ontop > 0 && (
            <span title={t('table.pinned')} className="shrink-0">
              <Star className="size-4 fill-brand-400 text-brand-400" aria-hidden="true" />
              <span className="sr-only">{t('table.pinned')}</span>
            </span>
          )}
          <button
            type="button"
            aria-label={t('row.showPlayers', { name: server.displayName })}
            aria-haspopup="dialog"
            aria-expanded={popupOpen}
            onClick={(event) => onShowPlayers(server, event.currentTarget)}
            title={server.displayName}
            className="focus-ring group flex min-w-0 cursor-pointer items-start rounded text-left"
          >
            <span
              data-testid="server-name"
              className={cn(
                'line-clamp-2 min-w-0 text-[15px] leading-5 font-semibold break-words group-hover:text-brand-300 group-hover:underline lg:text-sm',
                online ? 'text-zinc-100' : 'text-zinc-400',
              )}
            >
              {server.displayName}
            </span>
          </button>
        </div>
      </td>
      <td className="flex min-w-0 items-center gap-2 font-mono text-sm whitespace-nowrap tabular-nums lg:table-cell lg:px-2">
        <span className="shrink-0">
          <span className={cn(online && server.current > 0 ? 'text-zinc-100' : 'text-zinc-500')}>{server.current}</span>
          <span className="text-zinc-500">/{max ?? '?'}</span>
        </span>
        {!desktop && (
          <span className="min-w-0 truncate font-sans text-xs text-zinc-400">
            <span
              aria-hidden="true"
              className={cn('mr-1.5 inline-block size-2 rounded-full', online ? 'bg-signal-400' : 'bg-zinc-600')}
            />
            <span className="sr-only">{status} · </span>
            <span className="font-mono text-zinc-300">{server.map}</span> · {region}
          </span>
        )}
      </td>
      {desktop && (
        <>
          <td className="px-2 font-mono text-[13px] text-zinc-300" title={server.map}>
            <span className="block truncate">{server.map}</span>
          </td>
          <td className="px-2 text-sm text-zinc-300" title={region}>
            <span className="block truncate">{region}</span>
          </td>
          <td className="px-2 whitespace-nowrap">
            <span className="inline-flex items-center gap-1.5 text-xs font-medium">
              <span
                aria-hidden="true"
                className={cn('size-2 rounded-full', online ? 'bg-signal-400 shadow-[0_0_8px] shadow-signal-400/60' : 'bg-zinc-600')}
              />
              {status}
            </span>
          </td>
        </>
      )}
      <td className="lg:pr-4">
        <div className="flex items-center justify-end gap-1.5">
          <CopyButton text={connectCommand(server)} label={t('row.copy')} variant="ghost" size="icon" className="size-8" iconOnly />
          <JoinButton
            server={server}
            label={t('row.join')}
            ariaLabel={t('row.joinServer', { name: server.displayName })}
            compact
          />
        </div>
      </td>
    </tr>
  )
}

/** One row; memoised so scrolling and typing re-render only what changed. */
export const ServerRow = memo(ServerRowView)
