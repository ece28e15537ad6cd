import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Dialog } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { logged } from '@/lib/logged'
import { useSessionUser } from '@/lib/session'
import { fetchAdmins } from '../api/admins-api'
import { praccKeys } from '../api/pracc-keys'
import { AdminEditor } from './admin-editor'
import { AdminList } from './admin-list'
import type { ServerDialogProps } from './server-dialog-props'

/**
 * The admin list (spec 001 §2.4, §5): the owner edits it, members read it. The user's own id is
 * marked "me".
 */
export function AdminsDialog({ server, onClose }: ServerDialogProps) {
  const { t } = useTranslation(['pracc-servers', 'pracc'])
  const me = useSessionUser()?.steamId ?? null
  const query = useQuery({
    queryKey: praccKeys.admins(server.id),
    queryFn: ({ signal }) => logged('Failed to fetch admins', fetchAdmins(server.id, signal)),
    // The editor starts from the list as it is now.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
  const isOwner = query.data?.isOwner ?? server.isOwner
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admins.title')}
      description={isOwner ? t('admins.ownerDescription', { name: server.name }) : t('admins.readOnly')}
      size="lg"
    >
      {query.isPending ? (
        <output className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner className="size-4" />
          {t('pracc:myServers.loading')}
        </output>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {t('admins.fetchError')}
        </p>
      ) : isOwner ? (
        <AdminEditor server={server} initial={query.data.admins} me={me} onSaved={onClose} />
      ) : (
        <AdminList admins={query.data.admins} me={me} />
      )}
    </Dialog>
  )
}
