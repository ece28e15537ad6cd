import { Plus, RefreshCw, ServerOff } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { DeferredPart } from '@/components/ui/deferred-part'
import { EmptyState } from '@/components/ui/empty-state'
import { Spinner } from '@/components/ui/spinner'
import { useSessionUser } from '@/lib/session'
import { useNow } from '../hooks/use-now'
import { useUserServers } from '../hooks/use-user-servers'
import type { RentedServer } from '../model/rented-server'
import { splitServers } from '../model/rented-server'
import { listFailure } from '../model/server-errors'
import type { DialogAction } from './card-action-bar'
import { newServerDialog, serverDialog, serverSections } from './lazy-dialogs'
import { ServerNotices } from './server-notices'
import { VisitorServers } from './visitor-servers'

interface OpenDialog {
  action: DialogAction
  server: RentedServer
}

/**
 * "My servers" (spec 001 §2.2): the new-server button and the notices, then the user's servers, a
 * hint when there are none, or, for a visitor, a blurred stand-in asking to log in.
 */
export function MyServers({ onLogin }: { onLogin?: () => void }) {
  const { t } = useTranslation('pracc')
  const user = useSessionUser()
  const headingId = useId()
  const servers = useUserServers(user?.steamId ?? null)
  const [creating, setCreating] = useState(false)
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const now = useNow()
  const loggedIn = user !== null
  useEffect(() => {
    // A failure shows nothing here; DeferredPart tries again when it mounts.
    if (loggedIn) serverSections.load().catch(() => {})
  }, [loggedIn])

  const body = () => {
    if (!user) return <VisitorServers onLogin={onLogin} />
    if (servers.isPending) {
      return (
        <output className="flex items-center justify-center gap-3 py-12 text-sm text-zinc-400">
          <Spinner />
          {t('myServers.loading')}
        </output>
      )
    }
    if (servers.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 rounded-2xl border border-red-500/25 bg-red-500/5 px-4 py-8 text-sm text-red-200">
          {listFailure(servers.error) === 'tokenExpired' ? t('myServers.tokenExpired') : t('myServers.fetchFailed')}
          <Button variant="secondary" size="sm" onClick={() => void servers.refetch()}>
            <RefreshCw aria-hidden="true" />
            {t('myServers.retry')}
          </Button>
        </div>
      )
    }
    const { active, expired } = splitServers(servers.data, now)
    if (active.length + expired.length === 0) {
      return <EmptyState icon={ServerOff} title={t('myServers.emptyTitle')} body={t('myServers.emptyBody')} />
    }
    return (
      <DeferredPart
        part={serverSections}
        props={{ servers: servers.data, now, onOpen: (action, server) => setDialog({ action, server }) }}
      />
    )
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-bold text-white">
          {t('myServers.title')}
        </h2>
        <ServerNotices />
        {user && (
          <Button className="ml-auto" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {t('myServers.newServer')}
          </Button>
        )}
      </div>
      {body()}
      {creating && <DeferredPart part={newServerDialog} props={{ onClose: () => setCreating(false) }} />}
      {dialog && (
        <DeferredPart
          part={serverDialog}
          props={{ action: dialog.action, server: dialog.server, onClose: () => setDialog(null) }}
        />
      )}
    </section>
  )
}
