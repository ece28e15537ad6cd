import { Navigate, Route, Routes } from 'react-router'
import { useAppConfig } from '@/lib/config/config-context'
import { useFromSearch } from '@/lib/navigation'
import { ServerDetailsPage } from './server-details-page'
import { ServerRulesPage } from './server-rules-page'
import { ServersPage } from './servers-page'

/** /servers/*: the list; details and rules only when their remote flags are on; else back to /servers. */
export function ServersArea() {
  const { servers } = useAppConfig()
  const from = useFromSearch()
  return (
    <Routes>
      <Route index element={<ServersPage />} />
      {servers.features.details && <Route path="details/:serverId" element={<ServerDetailsPage />} />}
      {servers.features.rules && <Route path="rules/:serverId" element={<ServerRulesPage />} />}
      <Route path="*" element={<Navigate to={{ pathname: '/servers', search: from }} replace />} />
    </Routes>
  )
}
