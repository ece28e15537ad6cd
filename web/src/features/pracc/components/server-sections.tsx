import { useTranslation } from 'react-i18next'
import type { RentedServer } from '../model/rented-server'
import { splitServers } from '../model/rented-server'
import type { DialogAction } from './card-action-bar'
import { ServerCard } from './server-card'

export interface ServerSectionsProps {
  servers: readonly RentedServer[]
  now: number
  onOpen: (action: DialogAction, server: RentedServer) => void
}

function CardList({ label, servers, now, onOpen }: { label: string } & ServerSectionsProps) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-4">
      {servers.map((server) => (
        <li key={server.id} className="w-full sm:w-auto sm:max-w-full">
          <ServerCard server={server} now={now} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  )
}

/** Active servers, then below a divider the expired ones (spec 001 §2.2); relocated records are not shown. */
export function ServerSections({ servers, now, onOpen }: ServerSectionsProps) {
  const { t } = useTranslation('pracc')
  const { active, expired } = splitServers(servers, now)
  const label = (section: 'active' | 'expired', count: number) =>
    t('myServers.listLabel', { section: t(`myServers.${section}`), count })
  return (
    <div className="flex flex-col gap-6">
      {active.length > 0 && <CardList label={label('active', active.length)} servers={active} now={now} onOpen={onOpen} />}
      {expired.length > 0 && (
        <section className="flex flex-col gap-4 border-t border-white/[0.08] pt-5">
          <h3 className="text-sm font-semibold text-zinc-400">{t('myServers.expired')}</h3>
          <CardList label={label('expired', expired.length)} servers={expired} now={now} onOpen={onOpen} />
        </section>
      )}
    </div>
  )
}
