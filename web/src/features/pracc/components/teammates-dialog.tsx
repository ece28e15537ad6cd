import { useQuery } from '@tanstack/react-query'
import { UserPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { logged } from '@/lib/logged'
import { fetchPastTeammates } from '../api/admins-api'
import { praccKeys } from '../api/pracc-keys'
import type { Teammate } from '../api/scrim-schemas'

interface TeammatesDialogProps {
  serverId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Steam IDs already on the list. */
  listed: ReadonlySet<string>
  full: boolean
  onAdd: (teammate: Teammate) => void
}

/** The admin editor's sub-dialog: previous teammates, each addable to the list (spec 001 §2.4). */
export function TeammatesDialog({ serverId, open, onOpenChange, listed, full, onAdd }: TeammatesDialogProps) {
  const { t } = useTranslation('pracc-servers')
  const query = useQuery({
    queryKey: praccKeys.teammates(serverId),
    queryFn: ({ signal }) => logged('Failed to fetch past teammates', fetchPastTeammates(serverId, signal)),
    enabled: open,
    retry: false,
  })
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('teammates.title')} description={t('teammates.description')} size="sm">
      {query.isPending ? (
        <output className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner className="size-4" />
          {t('teammates.loading')}
        </output>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t('teammates.fetchError')}
        </p>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('teammates.empty')}</p>
      ) : (
        <ul className="flex max-h-80 flex-col gap-1.5 overflow-y-auto" aria-label={t('teammates.title')}>
          {query.data.map((mate) => {
            const onList = listed.has(mate.steamid)
            return (
              <li key={mate.steamid} className="flex items-center gap-3 rounded-lg border border-white/[0.06] bg-white/[0.02] px-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-white">{mate.name || mate.steamid}</span>
                  <span className="block font-mono text-xs text-zinc-500">{mate.steamid}</span>
                </span>
                {onList ? (
                  <span className="text-xs text-zinc-400">{t('teammates.added')}</span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={full}
                    title={full ? t('teammates.full') : undefined}
                    onClick={() => onAdd(mate)}
                    aria-label={t('teammates.add', { name: mate.name || mate.steamid })}
                  >
                    <UserPlus aria-hidden="true" />
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Dialog>
  )
}
