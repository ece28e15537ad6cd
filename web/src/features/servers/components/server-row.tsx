import { Star } from 'lucide-react'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '@/components/ui/copy-button'
import { cn } from '@/lib/cn'
import { connectCommand, isOnline, type ServerItem } from '../model/server-model'
import { JoinButton } from './join-button'
import { regionLabel } from './server-labels'

export const ROW_HEIGHT_PX = 52

interface ServerRowProps {
  server: ServerItem
  /** Opens the player popup under the clicked name. */
  onShowPlayers: (server: ServerItem, anchor: HTMLElement) => void
  popupOpen: boolean
}

function ServerRowView({ server, onShowPlayers, popupOpen }: ServerRowProps) {
  const { t } = useTranslation('servers')
  const online = isOnline(server)
  const max = server.players_max ?? server.textMax
  const region = regionLabel(t, server.region)
  return (
    <tr
      style={{ height: ROW_HEIGHT_PX }}
      className={cn(
        'border-b border-white/[0.04] transition-colors [&>td]:transition-colors hover:[&>td]:bg-white/[0.03]',
        server.ontop > 0 && '[&>td]:bg-brand-500/[0.05]',
        !online && 'text-zinc-500',
      )}
    >
      <td className="px-3 sm:px-4">
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
            className="focus-ring group flex min-w-0 cursor-pointer flex-col items-start rounded text-left"
          >
            <span
              className={cn(
                'w-full truncate font-semibold group-hover:text-brand-300 group-hover:underline',
                online ? 'text-zinc-100' : 'text-zinc-400',
              )}
            >
              {server.displayName}
            </span>
            <span className="w-full truncate text-xs text-zinc-500 md:hidden">
              {server.map} · {region}
            </span>
          </button>
        </div>
      </td>
      <td className="px-1 font-mono text-sm whitespace-nowrap tabular-nums sm:px-2">
        <span className={cn(online && server.current > 0 ? 'text-zinc-100' : 'text-zinc-500')}>{server.current}</span>
        <span className="text-zinc-500">/{max ?? '?'}</span>
      </td>
      <td className="hidden px-2 font-mono text-[13px] text-zinc-300 md:table-cell" title={server.map}>
        <span className="block truncate">{server.map}</span>
      </td>
      <td className="hidden px-2 text-sm text-zinc-300 md:table-cell">
        <span className="block truncate">{region}</span>
      </td>
      <td className="hidden px-2 md:table-cell">
        <span className="inline-flex items-center gap-1.5 text-xs font-medium">
          <span
            aria-hidden="true"
            className={cn('size-2 rounded-full', online ? 'bg-signal-400 shadow-[0_0_8px] shadow-signal-400/60' : 'bg-zinc-600')}
          />
          {online ? t('table.statusOnline') : t('table.statusOffline')}
        </span>
      </td>
      <td className="pr-2 sm:pr-4">
        <div className="flex items-center justify-end gap-1 sm:gap-1.5">
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
