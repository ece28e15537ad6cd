import { Navigate, useLocation } from 'react-router'
import { useAppConfig } from '@/lib/config/config-context'
import { fromSearch } from '@/lib/navigation'
import { ServersPage } from './lazy-pages'

/** /: the servers screen when servers are enabled, otherwise /vip (carrying any banner along). */
export function HomeRoute() {
  const { servers } = useAppConfig()
  const location = useLocation()
  if (servers.enabled) return <ServersPage />
  return <Navigate to={{ pathname: '/vip', search: fromSearch(location.search) }} replace state={location.state} />
}
